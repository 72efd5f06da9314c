import type { AnnotationOptions } from 'chartjs-plugin-annotation';

/** The colour of a limit drawn across a chart. */
const LIMIT_COLOR = '#F5222D';

/** Dashed lines across a chart at the limits given, each named by its label. */
export function limitLines(
  limits: { key: string; value: number | undefined; label: string }[],
): Record<string, AnnotationOptions> {
  return Object.fromEntries(
    limits.flatMap(({ key, value, label }) =>
      value === undefined
        ? []
        : [
            [
              key,
              {
                type: 'line',
                yMin: value,
                yMax: value,
                borderColor: LIMIT_COLOR,
                borderWidth: 1,
                borderDash: [6, 4],
                label: { display: true, content: label, position: 'end', backgroundColor: 'transparent', color: LIMIT_COLOR },
              } satisfies AnnotationOptions,
            ],
          ],
    ),
  );
}
