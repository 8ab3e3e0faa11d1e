/**
 * A stored path on this site as a URL that resolves from anywhere (`/media/x.webp` → `https://shop/media/x.webp`),
 * for clients served from another origin; absolute links and answers without a public URL stay as they are.
 */

export function absoluteLink(publicUrl: string | undefined, link: string): string {
  return publicUrl && link.startsWith("/") && !link.startsWith("//") ? `${publicUrl}${link}` : link;
}
