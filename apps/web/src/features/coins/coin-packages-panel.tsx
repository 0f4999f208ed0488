// The coin packages superadmins sell on /coins/buy: list, create, edit, put on or take off sale,
// and order (the buy page shows them in this order). Rendered as a tab of
// /admin/subscription-management; the server checks the role on every call.
import type { CoinPackageView } from "@litverse/shared/payments";
import { formatPrice } from "@litverse/shared/payments";
import { ArrowDown, ArrowUp, Coins, Pencil, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import {
  EMPTY_PACKAGE,
  type FieldErrors,
  formValuesOf,
  type PackageFormValues,
  reorderedSortOrders,
  validatePackage,
} from "./coin-package-form.ts";
import { useAdminCoinPackages, useCoinPackageChanges, useSaveCoinPackage } from "./use-coin-packages.ts";

const coins = (value: number) => value.toLocaleString("en-US");

export function CoinPackagesPanel() {
  const packages = useAdminCoinPackages();
  const { setOnSale, saveOrder } = useCoinPackageChanges();
  const [editing, setEditing] = useState<CoinPackageView | "new" | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setActive = async (pkg: CoinPackageView, isActive: boolean) => {
    setBusyId(pkg.id);
    await setOnSale(pkg, isActive);
    setBusyId(null);
  };

  const move = async (index: number, to: number) => {
    const list = packages.data ?? [];
    const changes = reorderedSortOrders(list, index, to);
    if (changes.length === 0) return;
    setBusyId(list[index]?.id ?? null);
    await saveOrder(changes);
    setBusyId(null);
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Coin packages</CardTitle>
          <CardDescription>What readers can buy on Buy Coins, in this order.</CardDescription>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden />
          New package
        </Button>
      </CardHeader>
      <CardContent>
        {packages.isPending ? (
          <div role="status" aria-label="Loading coin packages" className="space-y-2">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : packages.isError ? (
          <ErrorState
            error={packages.error}
            title="Could not load the coin packages"
            onRetry={() => void packages.refetch()}
            isRetrying={packages.isFetching}
          />
        ) : packages.data.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Coins}
            title="No coin packages yet"
            text="Readers cannot buy coins until there is at least one package on sale."
            action={<Button onClick={() => setEditing("new")}>Create the first package</Button>}
          />
        ) : (
          <Table caption="Coin packages">
            <THead>
              <TR>
                <TH>Order</TH>
                <TH>Name</TH>
                <TH className="text-right">Coins</TH>
                <TH className="text-right">Bonus</TH>
                <TH className="text-right">Price</TH>
                <TH>On sale</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {packages.data.map((pkg, index) => (
                <TR key={pkg.id}>
                  <TD>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move ${pkg.name} up`}
                        disabled={index === 0 || busyId !== null}
                        onClick={() => void move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move ${pkg.name} down`}
                        disabled={index === packages.data.length - 1 || busyId !== null}
                        onClick={() => void move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden />
                      </Button>
                    </div>
                  </TD>
                  <TH>
                    {pkg.name}
                    {pkg.isActive ? null : (
                      <Badge className="ml-2" variant="neutral">
                        Off sale
                      </Badge>
                    )}
                  </TH>
                  <TD className="text-right tabular-nums">{coins(pkg.coins)}</TD>
                  <TD className="text-right tabular-nums">
                    {pkg.bonusCoins > 0 ? `+${coins(pkg.bonusCoins)}` : "—"}
                  </TD>
                  <TD className="text-right tabular-nums">{formatPrice(pkg.priceMinor, pkg.currency)}</TD>
                  <TD>
                    <Switch
                      checked={pkg.isActive}
                      disabled={busyId === pkg.id}
                      aria-label={`${pkg.name} on sale`}
                      onCheckedChange={(checked) => void setActive(pkg, checked)}
                    />
                  </TD>
                  <TD className="text-right">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(pkg)}>
                      <Pencil aria-hidden />
                      Edit<span className="sr-only"> {pkg.name}</span>
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
      {editing ? (
        <PackageDialog
          pkg={editing === "new" ? null : editing}
          nextSortOrder={
            ((packages.data ?? []).reduce((max, pkg) => Math.max(max, pkg.sortOrder), 0) || 0) + 10
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}

function PackageDialog({
  pkg,
  nextSortOrder,
  onClose,
}: {
  pkg: CoinPackageView | null;
  nextSortOrder: number;
  onClose: () => void;
}) {
  const [values, setValues] = useState<PackageFormValues>(() =>
    pkg ? formValuesOf(pkg) : { ...EMPTY_PACKAGE, sortOrder: String(nextSortOrder) },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, isSaving } = useSaveCoinPackage();
  const set = (field: keyof PackageFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePackage(values);
    if (!checked.data) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await save(pkg?.id ?? null, checked.data, {
      onSaved: onClose,
      onFailed: (message) => setErrors({ form: [message] }),
    });
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={pkg ? `Edit ${pkg.name}` : "New coin package"}
      description="Payments already started keep the coins and price they began with."
      submitLabel={pkg ? "Save" : "Create package"}
      isPending={isSaving}
      form={{ id: "coin-package-form", className: "grid gap-4 sm:grid-cols-2", onSubmit: submit }}
    >
      <Field label="Name" required error={errors.name} className="sm:col-span-2">
        <Input value={values.name} onChange={set("name")} maxLength={80} autoFocus />
      </Field>
      <Field label="Coins" required error={errors.coins}>
        <Input inputMode="numeric" value={values.coins} onChange={set("coins")} />
      </Field>
      <Field label="Bonus coins" hint="Expire 30 days after purchase." error={errors.bonusCoins}>
        <Input inputMode="numeric" value={values.bonusCoins} onChange={set("bonusCoins")} />
      </Field>
      <Field label="Price" required hint="For example 4.99" error={errors.price}>
        <Input inputMode="decimal" value={values.price} onChange={set("price")} />
      </Field>
      <Field label="Currency" required hint="Three letters, such as USD" error={errors.currency}>
        <Input value={values.currency} onChange={set("currency")} maxLength={3} className="uppercase" />
      </Field>
      <Field label="Sort order" hint="Lower numbers show first." error={errors.sortOrder}>
        <Input inputMode="numeric" value={values.sortOrder} onChange={set("sortOrder")} />
      </Field>
      <div className="flex items-end pb-2">
        <Checkbox
          label="On sale"
          checked={values.isActive}
          onCheckedChange={(checked) => setValues((current) => ({ ...current, isActive: checked === true }))}
        />
      </div>
      {/* Across both columns of the form's grid. */}
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-rose-600 sm:col-span-2 dark:text-rose-400">
          {errors.form[0]}
        </p>
      ) : null}
    </FormDialog>
  );
}
