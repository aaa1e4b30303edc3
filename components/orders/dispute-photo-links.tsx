/**
 * The photos a buyer sent with a reported problem, as thumbnails linking to the
 * full picture: on the seller's sale card and in the admin's dispute queue.
 */
export function DisputePhotoLinks({ photos, alt, testId }: { photos: string[] | undefined; alt: (number: number) => string; testId: string }) {
  if (!photos?.length) return null;
  return (
    <ul className="flex flex-wrap gap-2 pt-1" data-testid={testId}>
      {photos.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer" className="block size-16 overflow-hidden rounded-lg border">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={url} alt={alt(index + 1)} className="size-full object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
