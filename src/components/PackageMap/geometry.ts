// Where the package map puts its boxes and how it draws its arrows. An arrow is a smooth curve from the bottom of a
// package to the top of a dependency; when that curve would cross another box, the arrow is routed instead through
// the empty lanes between the rows and columns, so that an arrow never seems to start or end at the wrong box.
import type { MapPackage } from './packages';

const MARGIN = 24;
export const BOX_WIDTH = 160;
export const BOX_HEIGHT = 44;
const COLUMN = 188;
const ROW = 80;
/** Distance between the ends of arrows that leave or reach the same box. */
const SPREAD = 10;
/** Distance between arrows that share a lane. */
const LANE = 5;
const CORNER = 6;
const COLUMN_GAP = COLUMN - BOX_WIDTH;
const ROW_GAP = ROW - BOX_HEIGHT;

export interface PlacedBox {
  pkg: MapPackage;
  x: number;
  y: number;
}

interface DrawnEdge {
  from: string;
  to: string;
  d: string;
  /** True when the arrow runs through the lanes instead of a direct curve. */
  routed: boolean;
}

export interface MapLayout {
  width: number;
  height: number;
  boxes: PlacedBox[];
  edges: DrawnEdge[];
}

interface Point {
  x: number;
  y: number;
}

function placed(pkg: MapPackage): PlacedBox {
  return { pkg, x: MARGIN + pkg.column * COLUMN, y: MARGIN + pkg.row * ROW };
}

function centre(box: PlacedBox): number {
  return box.x + BOX_WIDTH / 2;
}

/** Where along a box's side the i-th of n arrows attaches. */
function spread(index: number, count: number): number {
  return (index - (count - 1) / 2) * SPREAD;
}

/** The i-th arrow of a shared lane sits this far from the lane's middle: 0, +5, -5, +10, … */
function laneOffset(index: number): number {
  const step = Math.ceil(index / 2) * LANE;
  return index % 2 === 1 ? step : -step;
}

function inside(point: Point, box: PlacedBox, pad: number): boolean {
  return point.x > box.x - pad && point.x < box.x + BOX_WIDTH + pad && point.y > box.y - pad && point.y < box.y + BOX_HEIGHT + pad;
}

function curve(start: Point, end: Point): { d: string; points: Point[] } {
  const bend = Math.min(44, (end.y - start.y) / 2);
  const c1 = { x: start.x, y: start.y + bend };
  const c2 = { x: end.x, y: end.y - bend };
  const points: Point[] = [];
  for (let i = 1; i < 24; i += 1) {
    const t = i / 24;
    const u = 1 - t;
    points.push({
      x: u * u * u * start.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
      y: u * u * u * start.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y,
    });
  }
  return { d: `M${start.x} ${start.y}C${c1.x} ${c1.y} ${c2.x} ${c2.y} ${end.x} ${end.y}`, points };
}

/** A path through the given corners (each turn a right angle), with rounded corners. */
function orthogonal(corners: Point[]): string {
  const points = corners.filter((p, i) => i === 0 || p.x !== corners[i - 1]!.x || p.y !== corners[i - 1]!.y);
  const first = points[0]!;
  let d = `M${first.x} ${first.y}`;
  for (let i = 1; i < points.length - 1; i += 1) {
    const [prev, at, next] = [points[i - 1]!, points[i]!, points[i + 1]!];
    const inLength = Math.hypot(at.x - prev.x, at.y - prev.y);
    const outLength = Math.hypot(next.x - at.x, next.y - at.y);
    const r = Math.min(CORNER, inLength / 2, outLength / 2);
    const before = { x: at.x - Math.sign(at.x - prev.x) * r, y: at.y - Math.sign(at.y - prev.y) * r };
    const after = { x: at.x + Math.sign(next.x - at.x) * r, y: at.y + Math.sign(next.y - at.y) * r };
    d += `L${before.x} ${before.y}Q${at.x} ${at.y} ${after.x} ${after.y}`;
  }
  const last = points[points.length - 1]!;
  return `${d}L${last.x} ${last.y}`;
}

export function layOut(packages: readonly MapPackage[]): MapLayout {
  const boxes = packages.map(placed);
  const byName = new Map(boxes.map((box) => [box.pkg.name, box]));
  const width = 2 * MARGIN + Math.max(...packages.map((pkg) => pkg.column)) * COLUMN + BOX_WIDTH;
  const height = 2 * MARGIN + Math.max(...packages.map((pkg) => pkg.row)) * ROW + BOX_HEIGHT;

  const pairs = boxes.flatMap((from) =>
    from.pkg.uses.flatMap((name) => {
      const to = byName.get(name);
      return to === undefined ? [] : [{ from, to }];
    }),
  );
  const start = (pair: (typeof pairs)[number]): Point => {
    const leaving = pairs.filter((p) => p.from === pair.from).sort((a, b) => centre(a.to) - centre(b.to));
    return { x: centre(pair.from) + spread(leaving.indexOf(pair), leaving.length), y: pair.from.y + BOX_HEIGHT };
  };
  const end = (pair: (typeof pairs)[number]): Point => {
    const arriving = pairs.filter((p) => p.to === pair.to).sort((a, b) => centre(a.from) - centre(b.from));
    return { x: centre(pair.to) + spread(arriving.indexOf(pair), arriving.length), y: pair.to.y - 2 };
  };

  const channelUse = new Map<number, number>();
  const gapUse = new Map<number, number>();
  const use = (counter: Map<number, number>, key: number): number => {
    const count = counter.get(key) ?? 0;
    counter.set(key, count + 1);
    return count;
  };
  const channels: number[] = [];
  for (let x = MARGIN - COLUMN_GAP / 2; x <= width; x += COLUMN / 2) channels.push(x);

  const edges = pairs.map((pair) => {
    const a = start(pair);
    const b = end(pair);
    const direct = curve(a, b);
    const others = boxes.filter((box) => box !== pair.from && box !== pair.to);
    if (!direct.points.some((point) => others.some((box) => inside(point, box, 4)))) {
      return { from: pair.from.pkg.name, to: pair.to.pkg.name, d: direct.d, routed: false };
    }
    // Down into the gap below the package's row, along it to a free column lane, down that lane to the gap above the
    // dependency's row, along it, and down into the dependency.
    const gapBelow = pair.from.y + BOX_HEIGHT + ROW_GAP / 2;
    const gapAbove = pair.to.y - ROW_GAP / 2;
    const between = boxes.filter((box) => box.y > pair.from.y && box.y < pair.to.y);
    const free = channels.filter((x) => x > 4 && x < width - 4 && between.every((box) => x < box.x - LANE * 2 || x > box.x + BOX_WIDTH + LANE * 2));
    const lane = free.sort((p, q) => Math.abs(p - a.x) + Math.abs(p - b.x) - (Math.abs(q - a.x) + Math.abs(q - b.x)))[0] ?? a.x;
    const x = lane + laneOffset(use(channelUse, lane));
    const y1 = gapBelow + laneOffset(use(gapUse, pair.from.pkg.row));
    const y2 = gapAbove + laneOffset(use(gapUse, pair.to.pkg.row - 1));
    const d = orthogonal([a, { x: a.x, y: y1 }, { x, y: y1 }, { x, y: y2 }, { x: b.x, y: y2 }, b]);
    return { from: pair.from.pkg.name, to: pair.to.pkg.name, d, routed: true };
  });

  return { width, height, boxes, edges };
}
