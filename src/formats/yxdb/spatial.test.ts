import { describe, expect, test } from "bun:test";
import { SpatialError, spatialToGeoJson } from "./spatial";

type Pt = [number, number];

/** A shapefile Point record. */
function pointShape([x, y]: Pt): Uint8Array {
  const b = Buffer.alloc(20);
  b.writeInt32LE(1, 0);
  b.writeDoubleLE(x, 4);
  b.writeDoubleLE(y, 12);
  return b;
}

/** A MultiPoint record (type 8): box, count, points. */
function pointsShape(points: Pt[]): Uint8Array {
  const b = Buffer.alloc(40 + points.length * 16);
  b.writeInt32LE(8, 0);
  b.writeInt32LE(points.length, 36);
  points.forEach(([x, y], i) => {
    b.writeDoubleLE(x, 40 + i * 16);
    b.writeDoubleLE(y, 48 + i * 16);
  });
  return b;
}

/** A PolyLine (3) or Polygon (5) record: box, part count, point count, part starts, points. */
function partsShape(type: number, parts: Pt[][]): Uint8Array {
  const points = parts.flat();
  const at = 44 + parts.length * 4;
  const b = Buffer.alloc(at + points.length * 16);
  b.writeInt32LE(type, 0);
  b.writeInt32LE(parts.length, 36);
  b.writeInt32LE(points.length, 40);
  let start = 0;
  parts.forEach((part, i) => {
    b.writeInt32LE(start, 44 + i * 4);
    start += part.length;
  });
  points.forEach(([x, y], i) => {
    b.writeDoubleLE(x, at + i * 16);
    b.writeDoubleLE(y, at + 8 + i * 16);
  });
  return b;
}

const parse = (bytes: Uint8Array) => JSON.parse(spatialToGeoJson(bytes));

// Clockwise squares (outer rings in shapefiles) and a counter-clockwise one (a hole).
const cw = (x: number, y: number, s: number): Pt[] => [
  [x, y],
  [x, y + s],
  [x + s, y + s],
  [x + s, y],
  [x, y],
];
const ccw = (x: number, y: number, s: number): Pt[] => [...cw(x, y, s)].reverse();

describe("spatialToGeoJson", () => {
  test("a Point record and a one-point MultiPoint are Points", () => {
    expect(parse(pointShape([-96.5, 37.25]))).toEqual({ type: "Point", coordinates: [-96.5, 37.25] });
    expect(parse(pointsShape([[1, 2]]))).toEqual({ type: "Point", coordinates: [1, 2] });
  });

  test("several points are a MultiPoint", () => {
    const points: Pt[] = [
      [1, 2],
      [3.5, -4],
      [0, 0],
    ];
    expect(parse(pointsShape(points))).toEqual({ type: "MultiPoint", coordinates: points });
  });

  test("one part is a LineString, several a MultiLineString", () => {
    const a: Pt[] = [
      [0, 0],
      [1, 1],
    ];
    const b: Pt[] = [
      [5, 5],
      [6, 7],
      [8, 9],
    ];
    expect(parse(partsShape(3, [a]))).toEqual({ type: "LineString", coordinates: a });
    expect(parse(partsShape(3, [a, b]))).toEqual({ type: "MultiLineString", coordinates: [a, b] });
  });

  test("one ring is a Polygon; a counter-clockwise ring inside it is its hole", () => {
    expect(parse(partsShape(5, [cw(0, 0, 10)]))).toEqual({ type: "Polygon", coordinates: [cw(0, 0, 10)] });
    expect(parse(partsShape(5, [cw(0, 0, 10), ccw(2, 2, 2)]))).toEqual({
      type: "Polygon",
      coordinates: [cw(0, 0, 10), ccw(2, 2, 2)],
    });
  });

  test("two outer rings are a MultiPolygon; each hole joins the ring that contains it", () => {
    // The hole of the second square is stored before it, after the first square.
    const rings = [cw(0, 0, 10), ccw(22, 2, 2), cw(20, 0, 10), ccw(1, 1, 1)];
    expect(parse(partsShape(5, rings))).toEqual({
      type: "MultiPolygon",
      coordinates: [
        [cw(0, 0, 10), ccw(1, 1, 1)],
        [cw(20, 0, 10), ccw(22, 2, 2)],
      ],
    });
  });

  test("rings that are all counter-clockwise are each a polygon", () => {
    expect(parse(partsShape(5, [ccw(0, 0, 1)]))).toEqual({ type: "Polygon", coordinates: [ccw(0, 0, 1)] });
    expect(parse(partsShape(5, [ccw(0, 0, 1), ccw(5, 5, 1)]))).toEqual({
      type: "MultiPolygon",
      coordinates: [[ccw(0, 0, 1)], [ccw(5, 5, 1)]],
    });
  });

  test("an empty object is an empty GeometryCollection", () => {
    expect(parse(new Uint8Array(0))).toEqual({ type: "GeometryCollection", geometries: [] });
  });
});

describe("spatialToGeoJson refuses what it cannot read", () => {
  const withInt = (bytes: Uint8Array, at: number, value: number) => {
    const copy = Buffer.from(bytes);
    copy.writeInt32LE(value, at);
    return copy;
  };
  const line = partsShape(3, [
    [
      [0, 0],
      [1, 1],
    ],
    [
      [2, 2],
      [3, 3],
    ],
  ]);
  const cases: [string, Uint8Array, RegExp][] = [
    ["too short for a type", Uint8Array.from([1, 0]), /too few/],
    ["an unknown shape type", withInt(pointShape([0, 0]), 0, 31), /shape type 31 is not supported/],
    ["a cut point", pointShape([0, 0]).subarray(0, 12), /too few/],
    ["more points than bytes", withInt(pointsShape([[0, 0]]), 36, 1000), /too few/],
    ["no points", withInt(pointsShape([[0, 0]]), 36, 0), /0 points/],
    ["a huge part count", withInt(line, 36, 0x7fffffff), /too few/],
    ["parts out of order", withInt(line, 48, 5), /part 1 spans|part 2 spans/],
    ["a first part not at 0", withInt(line, 44, 1), /part 1 spans/],
    ["a NaN coordinate", pointShape([Number.NaN, 1]), /not a finite number/],
  ];
  for (const [label, bytes, message] of cases) {
    test(label, () => {
      expect(() => spatialToGeoJson(bytes)).toThrow(SpatialError);
      expect(() => spatialToGeoJson(bytes)).toThrow(message);
    });
  }
});
