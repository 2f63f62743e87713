/**
 * Alteryx stores a SpatialObj as an ESRI shapefile geometry record (little-endian):
 *
 * | type          | layout                                                                  |
 * |---------------|-------------------------------------------------------------------------|
 * | 1 Point       | type, x, y                                                              |
 * | 8 MultiPoint  | type, bounding box (4 doubles), point count @36, points @40             |
 * | 3 PolyLine    | type, box, part count @36, point count @40, part starts @44, points     |
 * | 5 Polygon     | as PolyLine; each part is a ring                                        |
 *
 * A point is two doubles (x = longitude, y = latitude). This turns one into GeoJSON text:
 * one point is a Point, more a MultiPoint; one part a LineString, more a MultiLineString;
 * polygon rings are grouped into polygons by the shapefile rule (outer rings clockwise,
 * holes counter-clockwise, a hole belongs to the outer ring that contains it): one polygon
 * is a Polygon, more a MultiPolygon. Coordinates keep their stored order and values.
 */

/** The bytes are not a geometry this reader knows; the caller names the file and field. */
export class SpatialError extends Error {}

type Position = [number, number];

const POINT = 1;
const POLYLINE = 3;
const POLYGON = 5;
const MULTIPOINT = 8;
const BYTES_PER_POINT = 16;

/** GeoJSON text for a shapefile geometry record. */
export function spatialToGeoJson(bytes: Uint8Array): string {
  if (bytes.length === 0) return JSON.stringify({ type: "GeometryCollection", geometries: [] });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4) throw new SpatialError(`${bytes.length} bytes are too few for a geometry`);
  const type = view.getInt32(0, true);
  switch (type) {
    case POINT:
      need(view, 20, "a point");
      return geoJson("Point", position(view, 4));
    case MULTIPOINT: {
      need(view, 40, "a multipoint header");
      const count = view.getInt32(36, true);
      if (count < 1) throw new SpatialError(`a multipoint with ${count} points`);
      need(view, 40 + count * BYTES_PER_POINT, `${count} points`);
      const points = Array.from({ length: count }, (_, i) => position(view, 40 + i * BYTES_PER_POINT));
      return count === 1 ? geoJson("Point", points[0] as Position) : geoJson("MultiPoint", points);
    }
    case POLYLINE: {
      const lines = parts(view);
      return lines.length === 1 ? geoJson("LineString", lines[0]) : geoJson("MultiLineString", lines);
    }
    case POLYGON: {
      const polygons = groupRings(parts(view));
      return polygons.length === 1 ? geoJson("Polygon", polygons[0]) : geoJson("MultiPolygon", polygons);
    }
    default:
      throw new SpatialError(`shape type ${type} is not supported (supported: 1 point, 3 line, 5 polygon, 8 points)`);
  }
}

function need(view: DataView, bytes: number, what: string): void {
  if (view.byteLength < bytes) throw new SpatialError(`${view.byteLength} bytes are too few for ${what}`);
}

function position(view: DataView, at: number): Position {
  const x = view.getFloat64(at, true);
  const y = view.getFloat64(at + 8, true);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new SpatialError(`a coordinate is not a finite number`);
  return [x, y];
}

/** The parts (lines or rings) of a PolyLine or Polygon record, each a list of positions. */
function parts(view: DataView): Position[][] {
  need(view, 44, "a line or polygon header");
  const partCount = view.getInt32(36, true);
  const pointCount = view.getInt32(40, true);
  if (partCount < 1 || pointCount < 1) throw new SpatialError(`${partCount} parts and ${pointCount} points`);
  const pointsAt = 44 + partCount * 4;
  need(view, pointsAt + pointCount * BYTES_PER_POINT, `${partCount} parts of ${pointCount} points`);
  const result: Position[][] = [];
  for (let p = 0; p < partCount; p++) {
    const from = view.getInt32(44 + p * 4, true);
    const to = p + 1 < partCount ? view.getInt32(44 + (p + 1) * 4, true) : pointCount;
    if ((p === 0 && from !== 0) || from < 0 || to <= from || to > pointCount) {
      throw new SpatialError(`part ${p + 1} spans points ${from} to ${to} of ${pointCount}`);
    }
    const part: Position[] = [];
    for (let i = from; i < to; i++) part.push(position(view, pointsAt + i * BYTES_PER_POINT));
    result.push(part);
  }
  return result;
}

/** Twice the signed area: negative for a clockwise ring (x east, y north). */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[(i + 1) % ring.length] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Even-odd ray casting. */
function contains(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Point-in-ring tests allowed per geometry before holes fall back to stored order. */
const CONTAINMENT_BUDGET = 50_000_000;

/**
 * Groups rings into polygons: each clockwise (outer) ring starts a polygon; each
 * counter-clockwise ring (a hole) joins the smallest outer ring containing its first point,
 * else the outer ring stored before it (else the first). With no clockwise ring at all (a
 * writer that ignored orientation), every ring is its own polygon. A geometry so large that
 * the containment tests would take too long uses the stored order alone.
 */
function groupRings(rings: Position[][]): Position[][][] {
  const isOuter = rings.map((ring) => signedArea(ring) <= 0);
  if (!isOuter.includes(true)) return rings.map((ring) => [ring]);
  const outers: { ring: Position[]; polygon: Position[][]; area: number }[] = [];
  let outerPoints = 0;
  let holes = 0;
  for (const [i, ring] of rings.entries()) {
    if (!isOuter[i]) {
      holes++;
      continue;
    }
    outers.push({ ring, polygon: [ring], area: Math.abs(signedArea(ring)) });
    outerPoints += ring.length;
  }
  const testContainment = outers.length > 1 && holes * outerPoints <= CONTAINMENT_BUDGET;
  let previous = outers[0] as (typeof outers)[number];
  let seen = 0;
  for (const [i, ring] of rings.entries()) {
    if (isOuter[i]) {
      previous = outers[seen++] as (typeof outers)[number];
      continue;
    }
    const first = ring[0] as Position;
    let around: (typeof outers)[number] | undefined;
    if (testContainment) {
      for (const outer of outers) {
        if ((!around || outer.area < around.area) && contains(outer.ring, first)) around = outer;
      }
    }
    (around ?? previous).polygon.push(ring);
  }
  return outers.map((outer) => outer.polygon);
}

function geoJson(type: string, coordinates: unknown): string {
  return JSON.stringify({ type, coordinates });
}
