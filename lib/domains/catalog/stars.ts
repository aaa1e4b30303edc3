/** Star ratings: 5 stars; whole stars, plus a half star at a fraction of 0.5 or more. */
export const STARS = 5;

export function starParts(rating: number): { full: number; half: boolean } {
  const clamped = Math.min(Math.max(Number.isFinite(rating) ? rating : 0, 0), STARS);
  const full = Math.floor(clamped);
  return { full, half: full < STARS && clamped - full >= 0.5 };
}
