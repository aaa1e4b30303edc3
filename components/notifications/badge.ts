/** "9+" above 9. */
export function badgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}
