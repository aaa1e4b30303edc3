/**
 * components/ui/slot.tsx (Button's and Badge's `asChild`), which replaced
 * @radix-ui/react-slot on every page: the merge rules it copies from Radix.
 */
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "@/components/ui/slot";

type Props = Record<string, unknown>;
const slot = (props: Props, child: React.ReactElement) => Slot({ ...props, children: child }) as React.ReactElement<Props>;

describe("Slot", () => {
  it("renders the child with the slot's props; the child's own props win", () => {
    const html = renderToStaticMarkup(
      React.createElement(Slot, { "data-slot": "button", title: "slot", type: "button" } as Props,
        React.createElement("a", { href: "/browse", title: "child" }, "Browse")),
    );
    expect(html).toBe('<a href="/browse" title="child" data-slot="button" type="button">Browse</a>');
  });

  it("joins classes and styles", () => {
    const el = slot({ className: "a", style: { color: "red", margin: 1 } }, React.createElement("a", { className: "b", style: { color: "blue" } }));
    expect(el.props.className).toBe("a b");
    expect(el.props.style).toEqual({ color: "blue", margin: 1 });
  });

  it("runs both event handlers, the child's first", () => {
    const order: string[] = [];
    const el = slot(
      { onClick: () => order.push("slot") },
      React.createElement("a", { onClick: () => order.push("child") }),
    );
    (el.props.onClick as () => void)();
    expect(order).toEqual(["child", "slot"]);
  });

  it("composes refs", () => {
    const a = React.createRef<unknown>();
    const b = vi.fn();
    const el = slot({ ref: a }, React.createElement("a", { ref: b }));
    (el.props.ref as (node: unknown) => void)("node");
    expect(a.current).toBe("node");
    expect(b).toHaveBeenCalledWith("node");
  });

  it("renders nothing without an element child", () => {
    expect(Slot({ children: "text" })).toBeNull();
  });
});
