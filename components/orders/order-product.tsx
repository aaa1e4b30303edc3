/** The product of an order: thumbnail and title, both linking to /product/{id}. */
import Link from "next/link";
import { ImageOffIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";
import type { OrderJson } from "./order-api";

export function OrderProduct({
  product,
  titleId,
  heading: Heading,
  muted = false,
  children,
}: {
  product: OrderJson["product"];
  /** Id of the title, for the card's aria-labelledby. */
  titleId: string;
  /** The title's heading level, one below the heading the card sits under. */
  heading: "h2" | "h3" | "h4";
  muted?: boolean;
  children?: React.ReactNode;
}) {
  const href = `/product/${product.id}`;
  return (
    <div className="flex min-w-0 flex-1 items-start gap-4">
      <Link
        href={href}
        tabIndex={-1}
        aria-hidden="true"
        className="size-20 shrink-0 overflow-hidden rounded-lg border bg-muted sm:size-24"
        prefetch={false}
      >
        {product.image ? (
          // Our own stored thumbnails; next/image adds nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={product.image} alt="" className={cn("size-full object-cover", muted && "grayscale")} loading="lazy" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOffIcon aria-hidden="true" className="size-6" />
          </span>
        )}
      </Link>
      <div className="min-w-0 space-y-1">
        <Heading>
          <Link
            id={titleId}
            href={href}
            prefetch={false}
            className="line-clamp-2 font-semibold break-words hover:underline"
            data-testid="order-product-link"
          >
            {product.title}
          </Link>
        </Heading>
        {children}
      </div>
    </div>
  );
}
