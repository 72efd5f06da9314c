/** The widths every screen is checked at: desktop monitors, a laptop, a small laptop, a tablet, a phone. */
export const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;
