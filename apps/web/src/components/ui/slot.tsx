// Renders its one child element with the parent's props merged in, so a component can lend its
// look and behaviour to a link or another element (`<Button asChild><Link to="/">…</Link></Button>`).
// Classes are joined, styles merged, event handlers both run (the child's first) and refs both set.
import {
  Children,
  type CSSProperties,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
} from "react";
import { cn } from "./cn.ts";

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };
type AnyProps = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

function composeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  if (!a) return b;
  if (!b) return a;
  const composed: RefCallback<T> = (value) => {
    setRef(a, value);
    setRef(b, value);
  };
  return composed;
}

function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const key of Object.keys(slotProps)) {
    const slotValue = slotProps[key];
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (key === "className") {
      merged[key] = cn(slotValue as string | undefined, childValue as string | undefined);
    } else if (key === "style") {
      merged[key] = { ...(slotValue as CSSProperties), ...(childValue as CSSProperties) };
    }
  }
  return merged;
}

export function Slot({ children, ref, ...props }: SlotProps) {
  if (!isValidElement(children)) {
    // Fails loudly for more than one child, as a slot needs exactly one element.
    Children.only(children);
    return null;
  }
  const child = children as ReactElement<AnyProps>;
  const childRef = child.props.ref as Ref<HTMLElement> | undefined;
  return cloneElement(child, {
    ...mergeProps(props as AnyProps, child.props),
    ref: composeRefs(ref, childRef),
  });
}
