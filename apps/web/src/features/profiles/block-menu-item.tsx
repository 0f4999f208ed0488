// "Block" in a person's menu, behind a confirmation that says what blocking does.
import { Ban } from "lucide-react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DropdownMenuItem } from "../../components/ui/dropdown-menu.tsx";
import { useBlockPerson } from "./use-friend-actions.ts";

export function BlockMenuItem({
  person,
  description,
}: {
  person: { _id: string; name: string };
  description: string;
}) {
  const block = useBlockPerson();
  return (
    <ConfirmDialog
      trigger={
        // Kept open while the confirmation shows: the menu would unmount it.
        <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
          <Ban aria-hidden />
          Block
        </DropdownMenuItem>
      }
      title={`Block ${person.name}?`}
      description={description}
      confirmLabel="Block"
      onConfirm={() => block(person._id)}
    />
  );
}
