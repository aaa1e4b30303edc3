import * as React from "react";

type AnyProps = Record<string, unknown>;

/**
 * `asChild` for Button and Badge: renders its one child element with the slot's props
 * merged in, as @radix-ui/react-slot does (the child's props win, except that event
 * handlers run both, the child's first, classes and styles are joined and refs are
 * composed). Our own, at a tenth of Radix's size, because Button is on every page
 * (the JavaScript budget, docs/performance.md); Radix's own primitives keep theirs, and load with their dialogs.
 */
export function Slot({ children, ...slotProps }: { children?: React.ReactNode } & AnyProps) {
  if (!React.isValidElement<AnyProps>(children)) {
    return React.Children.count(children) > 1 ? React.Children.only(null) : null;
  }
  const childProps = children.props;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const key of Object.keys(childProps)) {
    const slotValue = slotProps[key];
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    }
  }
  if (slotProps.style || childProps.style) {
    merged.style = { ...(slotProps.style as object), ...(childProps.style as object) };
  }
  const className = [slotProps.className, childProps.className].filter(Boolean).join(" ");
  if (className) merged.className = className;
  const slotRef = slotProps.ref as React.Ref<unknown> | undefined;
  const childRef = childProps.ref as React.Ref<unknown> | undefined;
  if (slotRef && childRef) merged.ref = composeRefs(slotRef, childRef);
  return React.cloneElement(children, merged);
}

function composeRefs(...refs: React.Ref<unknown>[]): React.RefCallback<unknown> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) (ref as React.RefObject<unknown>).current = node;
    }
  };
}
