import {
  CirclePlusIcon,
  HeartIcon,
  LayoutGridIcon,
  LifeBuoyIcon,
  MessageCircleIcon,
  PackageIcon,
  SearchIcon,
  ShoppingCartIcon,
  type LucideIcon,
} from "lucide-react";
import type { NavLink } from "./nav-links";

/** The icon of each header link (./nav-links.ts), for the icon links and the mobile menu. */
export const NAV_ICONS: Record<NavLink["key"], LucideIcon> = {
  browse: SearchIcon,
  categories: LayoutGridIcon,
  sell: CirclePlusIcon,
  messages: MessageCircleIcon,
  cart: ShoppingCartIcon,
  orders: PackageIcon,
  wishlist: HeartIcon,
  support: LifeBuoyIcon,
};
