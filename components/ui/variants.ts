/**
 * class-variance-authority's `cva()` for what Button and Badge use of it (one class per
 * variant, default variants, `className`), in a few lines: Button is on every page, and
 * cva's compound variants and its own class joiner were 0.3 KB of each page's JavaScript.
 * The classes come out in cva's order: base, each variant's in the config's order, then
 * `class` and `className`.
 */
type Config<V extends Record<string, Record<string, string>>> = {
  variants: V;
  defaultVariants?: { [K in keyof V]?: NoInfer<keyof V[K]> };
};

type Props<V extends Record<string, Record<string, string>>> = { [K in keyof V]?: keyof V[K] | null } & {
  class?: string;
  className?: string;
};

export type VariantProps<F> = F extends (props?: infer P) => string ? Omit<NonNullable<P>, "class" | "className"> : never;

export function cva<V extends Record<string, Record<string, string>>>(base: string, config: Config<V>) {
  return (props: Props<V> = {}): string =>
    [
      base,
      ...Object.keys(config.variants).map((name) => {
        const value = props[name] === null ? undefined : (props[name] ?? config.defaultVariants?.[name]);
        return value === undefined ? undefined : config.variants[name]![value as string];
      }),
      props.class,
      props.className,
    ]
      .filter(Boolean)
      .join(" ");
}
