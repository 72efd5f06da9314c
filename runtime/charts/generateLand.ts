/**
 * Writes `land.json`, the coarse land outline the maps draw (the station map, the vehicles), from
 * Natural Earth's land polygons at 1:50m as the `world-atlas` package (a dev dependency) ships
 * them; Natural Earth is in the public domain. Land only, no borders. Each ring is a text of whole
 * numbers: longitude, latitude pairs in 1/SCALE degree, each pair the difference from the one
 * before (the first from 0, 0), which keeps the file under 60 kB. The file is committed; run this
 * again only to change the outline: `npx tsx runtime/charts/generateLand.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const SOURCE = 'land-50m';
/** Simplification, degrees: about the quantisation below, so no point is kept that rounding would lose. */
const TOLERANCE = 0.1;
/** Islands below this area (square degrees, about 1,000 km² at the equator) are left out. */
const MIN_AREA = 0.1;
/** Coordinates are kept in 1/SCALE degree (0.05°, about 5 km). */
const SCALE = 20;
/** Land wholly south of this latitude (Antarctica) is left out: no station stands there. */
const SOUTH = -60;

type Position = [number, number];
interface Topology {
  transform: { scale: Position; translate: Position };
  arcs: Position[][];
  objects: Record<string, { type: string; geometries: { type: string; arcs: number[][] | number[][][] }[] }>;
}

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve(`world-atlas/${SOURCE}.json`), 'utf8')) as Topology;

/** The arcs of the topology in degrees (they are delta-encoded integers). */
const arcs = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]): Position => {
    x += dx;
    y += dy;
    return [
      x * topology.transform.scale[0] + topology.transform.translate[0],
      y * topology.transform.scale[1] + topology.transform.translate[1],
    ];
  });
});

/** A ring from its arcs (a negative index `~i` is arc `i` reversed; shared end points once). */
function ring(indexes: number[]): Position[] {
  const points: Position[] = [];
  for (const index of indexes) {
    const arc = index < 0 ? [...(arcs[~index] ?? [])].reverse() : (arcs[index] ?? []);
    points.push(...(points.length ? arc.slice(1) : arc));
  }
  return points;
}

/** Douglas–Peucker simplification of a closed ring. */
function simplify(points: Position[], tolerance: number): Position[] {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop() as [number, number];
    const [ax, ay] = points[first] as Position;
    const [bx, by] = points[last] as Position;
    let worst = -1;
    let distance = 0;
    for (let i = first + 1; i < last; i += 1) {
      const [px, py] = points[i] as Position;
      const length = Math.hypot(bx - ax, by - ay);
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > distance) {
        distance = d;
        worst = i;
      }
    }
    if (worst > 0 && distance > tolerance) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const area = (points: Position[]) =>
  Math.abs(
    points.reduce((sum, [x, y], i) => {
      const [nx, ny] = points[(i + 1) % points.length] as Position;
      return sum + x * ny - nx * y;
    }, 0),
  ) / 2;

const rings: string[] = [];
for (const object of Object.values(topology.objects)) {
  for (const geometry of object.geometries) {
    const polygons = (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) as number[][][];
    for (const polygon of polygons) {
      const outer = polygon[0];
      if (!outer) continue; // holes (lakes) are not drawn
      const points = ring(outer);
      if (area(points) < MIN_AREA) continue;
      const simple = simplify(points, TOLERANCE);
      if (simple.length < 4) continue;
      if (simple.every(([, lat]) => lat < SOUTH)) continue;
      const flat: number[] = [];
      let lastX = 0;
      let lastY = 0;
      for (const [lon, lat] of simple) {
        const x = Math.round(lon * SCALE);
        const y = Math.round(lat * SCALE);
        if (flat.length && x === lastX && y === lastY) continue;
        flat.push(x - lastX, y - lastY);
        lastX = x;
        lastY = y;
      }
      rings.push(flat.join(' '));
    }
  }
}

const file = join(dirname(fileURLToPath(import.meta.url)), 'land.json');
const content = {
  description: `Natural Earth land at 1:50m (world-atlas ${SOURCE}.json), simplified to ${TOLERANCE}°, islands under ${MIN_AREA} square degrees and land south of ${SOUTH}° left out; each ring a text of longitude, latitude pairs in 1/${SCALE} degree, each pair the difference from the one before. Written by generateLand.ts.`,
  scale: SCALE,
  rings,
};
const text = await format(JSON.stringify(content), { ...((await resolveConfig(file)) ?? {}), parser: 'json' });
writeFileSync(file, text);
console.log(`${file}: ${rings.length} rings, ${text.length} bytes`);
