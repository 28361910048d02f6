// WCAG 2's contrast ratio, for the console's colour tests: text against its background, a mark or a focus outline
// against what surrounds it.

/** The contrast ratio of two CSS colours (rgb() or rgba() as computed, opaque), by WCAG 2's relative luminance. */
export function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => {
      const v = Number(n) / 255
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}
