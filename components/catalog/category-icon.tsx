import {
  ArmchairIcon,
  BabyIcon,
  BikeIcon,
  BlocksIcon,
  BookOpenIcon,
  CookingPotIcon,
  DumbbellIcon,
  Flower2Icon,
  GemIcon,
  MusicIcon,
  ShirtIcon,
  SmartphoneIcon,
  TagIcon,
  type LucideIcon,
} from "lucide-react";

/** An icon per category slug (the seeded ones); anything else gets a tag. */
const ICONS: Record<string, LucideIcon> = {
  elektronica: SmartphoneIcon,
  meubels: ArmchairIcon,
  kleding: ShirtIcon,
  fietsen: BikeIcon,
  boeken: BookOpenIcon,
  "huis-tuin": Flower2Icon,
  "sport-vrije-tijd": DumbbellIcon,
  speelgoed: BlocksIcon,
  muziek: MusicIcon,
  "kinderen-baby": BabyIcon,
  verzamelen: GemIcon,
  keuken: CookingPotIcon,
};

export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  const Icon = ICONS[slug] ?? TagIcon;
  return <Icon aria-hidden="true" className={className} />;
}

/** /browse filtered on a category (/browse?category={encoded name}). */
export function categoryHref(name: string): string {
  return `/browse?category=${encodeURIComponent(name)}`;
}
