import { ArmchairIcon, BikeIcon, BookOpenIcon, GuitarIcon, LampIcon, ShirtIcon } from "lucide-react";
import { LogoMark } from "@/components/layout/logo";

/** Decorative: the mark with everyday second-hand things circling it. */
export function HeroArt() {
  const items = [
    { icon: ArmchairIcon, className: "top-[6%] left-[18%] rotate-[-6deg]" },
    { icon: BikeIcon, className: "top-[10%] right-[10%] rotate-[5deg]" },
    { icon: ShirtIcon, className: "bottom-[12%] left-[6%] rotate-[4deg]" },
    { icon: BookOpenIcon, className: "bottom-[6%] right-[22%] rotate-[-4deg]" },
    { icon: LampIcon, className: "top-[44%] right-[0%] rotate-[8deg]" },
    { icon: GuitarIcon, className: "top-[40%] left-[0%] rotate-[-8deg]" },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md sm:block">
      <div className="absolute inset-[12%] rounded-full border-2 border-dashed border-primary/25" />
      <div className="absolute inset-[26%] rounded-full bg-secondary" />
      <LogoMark className="absolute top-1/2 left-1/2 size-28 -translate-x-1/2 -translate-y-1/2 drop-shadow-lg" />
      {items.map(({ icon: Icon, className }, index) => (
        <span
          key={index}
          className={`absolute flex size-16 items-center justify-center rounded-2xl border bg-card text-primary shadow-md ${className}`}
        >
          <Icon className="size-7" />
        </span>
      ))}
    </div>
  );
}
