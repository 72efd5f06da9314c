/** A figure followed by its unit with a space between ("12.5 kW"); the figure alone when there is no unit. */
export const withUnit = (figure: string, unit: string | null | undefined): string => (unit ? `${figure} ${unit}` : figure);
