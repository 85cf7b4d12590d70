// Draws the snake and its effects on the board's canvas. Coordinates in `points` are grid cells; the drawn board
// has one ring of wall around the grid, so grid cell (x, y) is centred at ((x + 1.5) · cell, (y + 1.5) · cell).

export interface SnakeColours {
  body: string;
  head: string;
  over: string;
  overHead: string;
  eye: string;
  snack: string;
}

export interface Burst {
  readonly x: number;
  readonly y: number;
  /** performance.now() when it starts (it may lie ahead: the head reaches the snack one tick after the engine). */
  readonly at: number;
}

export const BURST_MS = 360;
export const CRASH_MS = 600;

export interface Frame {
  points: Float64Array;
  count: number;
  /** One cell in device pixels. */
  cell: number;
  gameOver: boolean;
  /** The way the head faces, for its eyes. */
  dx: number;
  dy: number;
  now: number;
  bursts: readonly Burst[];
  /** When the collision happened; a red ring grows from the head for CRASH_MS. Null without motion. */
  crashAt: number | null;
}

const centre = (v: number, cell: number) => (v + 1.5) * cell;

export function drawFrame(ctx: CanvasRenderingContext2D, colours: SnakeColours, f: Frame): void {
  const { points, count, cell } = f;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  for (const burst of f.bursts) drawBurst(ctx, colours, burst, cell, f.now);
  if (count === 0) return;

  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = cell * 0.78;
  ctx.strokeStyle = f.gameOver ? colours.over : colours.body;
  ctx.beginPath();
  let px = points[0] as number;
  let py = points[1] as number;
  ctx.moveTo(centre(px, cell), centre(py, cell));
  ctx.lineTo(centre(px, cell), centre(py, cell));
  for (let i = 1; i < count; i += 1) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    // A jump longer than a cell is a wrap across the edge: lift the pen rather than draw across the board.
    if (Math.abs(x - px) + Math.abs(y - py) > 1.001) ctx.moveTo(centre(x, cell), centre(y, cell));
    ctx.lineTo(centre(x, cell), centre(y, cell));
    px = x;
    py = y;
  }
  ctx.stroke();

  const hx = centre(points[0] as number, cell);
  const hy = centre(points[1] as number, cell);
  ctx.fillStyle = f.gameOver ? colours.overHead : colours.head;
  ctx.beginPath();
  ctx.arc(hx, hy, cell * 0.5, 0, Math.PI * 2);
  ctx.fill();
  drawEyes(ctx, colours, hx, hy, f.dx, f.dy, cell, f.gameOver);
  if (f.gameOver)
    drawCrash(ctx, colours, hx, hy, cell, f.crashAt === null ? 1 : (f.now - f.crashAt) / CRASH_MS);
}

function drawEyes(
  ctx: CanvasRenderingContext2D,
  colours: SnakeColours,
  hx: number,
  hy: number,
  dx: number,
  dy: number,
  cell: number,
  dead: boolean,
): void {
  const r = Math.max(1, cell * 0.09);
  ctx.fillStyle = colours.eye;
  ctx.strokeStyle = colours.eye;
  ctx.lineWidth = Math.max(1, cell * 0.07);
  for (const side of [-1, 1]) {
    // Eyes sit ahead of the centre, either side of the way the head faces.
    const ex = hx + dx * cell * 0.18 - dy * side * cell * 0.2;
    const ey = hy + dy * cell * 0.18 + dx * side * cell * 0.2;
    if (dead) {
      ctx.beginPath();
      ctx.moveTo(ex - r, ey - r);
      ctx.lineTo(ex + r, ey + r);
      ctx.moveTo(ex + r, ey - r);
      ctx.lineTo(ex - r, ey + r);
      ctx.stroke();
    } else {
      ctx.beginPath();
      ctx.arc(ex, ey, r, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** A ring round the head: growing and fading right after the collision, steady when it is over (or without motion). */
function drawCrash(
  ctx: CanvasRenderingContext2D,
  colours: SnakeColours,
  hx: number,
  hy: number,
  cell: number,
  t: number,
): void {
  const done = t >= 1;
  const k = done ? 1 : Math.max(0, t);
  ctx.strokeStyle = colours.over;
  ctx.globalAlpha = done ? 0.9 : 1 - 0.6 * k;
  ctx.lineWidth = Math.max(1, cell * 0.14);
  ctx.beginPath();
  ctx.arc(hx, hy, cell * (done ? 0.85 : 0.6 + 1.6 * k), 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** The eaten snack: shown where it was until the head arrives, then a ring bursting out of it. */
function drawBurst(
  ctx: CanvasRenderingContext2D,
  colours: SnakeColours,
  b: Burst,
  cell: number,
  now: number,
) {
  const x = centre(b.x, cell);
  const y = centre(b.y, cell);
  if (now < b.at) {
    ctx.fillStyle = colours.snack;
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.5, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  const t = (now - b.at) / BURST_MS;
  if (t >= 1) return;
  ctx.strokeStyle = colours.snack;
  ctx.globalAlpha = 1 - t;
  ctx.lineWidth = Math.max(1, cell * 0.16 * (1 - t) + 1);
  ctx.beginPath();
  ctx.arc(x, y, cell * (0.5 + 1.5 * t), 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = 1;
}
