/**
 * A small copy of the product picture flies to the header's cart link ([data-cart-target]),
 * which then pulses. Skipped for shoppers who ask for reduced motion.
 */
export function flyToCart(source: HTMLImageElement | null | undefined): void {
  if (!source || typeof window === "undefined" || typeof source.animate !== "function") return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const target = Array.from(document.querySelectorAll<HTMLElement>("[data-cart-target]")).find((el) => el.getClientRects().length > 0);
  if (!target) return;

  const from = source.getBoundingClientRect();
  const to = target.getBoundingClientRect();
  const size = Math.min(96, from.width, from.height);
  const startX = from.left + from.width / 2 - size / 2;
  const startY = from.top + from.height / 2 - size / 2;
  const dx = to.left + to.width / 2 - (startX + size / 2);
  const dy = to.top + to.height / 2 - (startY + size / 2);

  const flyer = document.createElement("img");
  flyer.src = source.currentSrc || source.src;
  flyer.alt = "";
  flyer.setAttribute("aria-hidden", "true");
  Object.assign(flyer.style, {
    position: "fixed",
    left: `${startX}px`,
    top: `${startY}px`,
    width: `${size}px`,
    height: `${size}px`,
    objectFit: "cover",
    borderRadius: "16px",
    boxShadow: "0 10px 25px rgb(0 0 0 / 0.3)",
    zIndex: "60",
    pointerEvents: "none",
  });
  document.body.append(flyer);

  const flight = flyer.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      // Up first, then down into the cart: an arc rather than a straight line.
      { transform: `translate(${dx * 0.45}px, ${Math.min(dy * 0.45, 0) - 60}px) scale(0.65)`, opacity: 1, offset: 0.45 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.15)`, opacity: 0.3 },
    ],
    { duration: 850, easing: "cubic-bezier(0.45, 0, 0.55, 1)" },
  );
  const done = () => flyer.remove();
  flight.onfinish = () => {
    done();
    target.animate([{ transform: "scale(1)" }, { transform: "scale(1.2)" }, { transform: "scale(1)" }], { duration: 350, easing: "ease-out" });
  };
  flight.oncancel = done;
}
