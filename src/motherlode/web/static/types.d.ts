// The contracts of motherlode's browser scripts, declared once and checked by `tsc` against
// the plain JavaScript that uses them (each script starts with `// @ts-check`): the view
// the server sends (web/service.py, TableService.view), the `ui` the page gives a game's
// renderer (table.js; rules.js for the rules page's pictures), the renderer a game
// registers (games/<id>/web/render.js) and the drawing kit they share (kit.js).

// ------------------------------------------------------------------------- the view

/** A move as JSON: its kind, then the game's own fields (engine/actions.py). */
interface Action {
  type: string;
  [field: string]: any;
}

/** A legal move as the page lists it. */
interface LegalEntry {
  action: Action;
  /** the notation, as the terminal and the API write it */
  text: string;
  /** what the move leads to, in the game's words (GOLDFIX: where a move lands) */
  label?: string;
  /** what a player reads on its button */
  words?: string;
}

/** One line of the table's log; `private` when only this seat may see it. */
interface GameEvent {
  index: number;
  text: string;
  private?: true;
  data?: Record<string, unknown>;
}

/** What a game shows a seat: its own fields, and the few every game has. */
interface Observation {
  pending?: number[];
  committed?: number[];
  simultaneous?: boolean;
  ranking?: number[][];
  scores?: number[];
  options?: Record<string, unknown>;
  [field: string]: any;
}

/** The commitment to the deal during play, its opening at the end (web/service.py). */
interface Fairness {
  scheme: string;
  commitment: string | null;
  drawn: boolean;
  seed: string | null;
  salt: string | null;
  record: string;
}

/** A table's clock: the kind and times (web/people.py, Clock.to_json), each person's bank
 * and the deadlines of those asked now (seat as text → epoch seconds). */
interface TableClock {
  name: string;
  kind: string;
  move: number;
  bank: number;
  label: string;
  banks?: number[] | null;
  deadlines?: Record<string, number>;
}

/** A seat gone or out of time, and the votes on it (seat as text → "bot" or "end"). */
interface AbsentSeat {
  reason: string;
  since: number;
  until: number;
  votes: Record<string, string>;
}

type Presence = "online" | "away" | "offline" | "open";

/** Everything one seat (null: a spectator) may see of a table: TableService.view. */
interface View {
  table: string;
  game: string;
  title: string;
  names: string[];
  /** each seat's agent spec: "human" or a bot's name */
  agents: string[];
  settings: Record<string, any>;
  seat: number | null;
  move_count: number;
  status: "running" | "finished";
  observation: Observation;
  legal: LegalEntry[];
  events: GameEvent[];
  /** set on a frame that brings only the events after this index */
  events_from?: number | null;
  can_undo: boolean;
  /** when the simultaneous decision under way closes (epoch seconds), or null */
  deadline: number | null;
  fairness: Fairness;
  presence: (Presence | null)[];
  open_seats: number[];
  bot_plays: number[];
  can_take_back: boolean;
  clock?: TableClock;
  absent?: Record<string, AbsentSeat>;
  can_vote?: number[];
  can_call_gone: number[];
  /** the rules page's sample views say so (web/samples.py) */
  sample?: boolean;
  /** the names as the table keeps them (the page shows `names` in its language) */
  given_names?: string[];
}

// ------------------------------------------------------------------ the renderer's `ui`

/** What the page gives a renderer, and all it reads of the page. */
interface RendererUi {
  /** send a move (one of `legal`'s actions) */
  act(action: Action): void;
  readonly legal: LegalEntry[];
  find(pred: (action: Action) => boolean): LegalEntry[];
  readonly seat: number | null;
  readonly names: string[];
  svg: SvgBuilder;
  el: ElementBuilder;
  colour(seat: number): string;
  /** draw the view again, after a renderer's local change (a selection) */
  redraw(): void;
  /** the box under the prompt for the renderer's own controls; emptied before each draw */
  controls?: HTMLElement;
  /** the board's width in px */
  readonly width?: number;
  /** the window's height in px: what a board may fill without scrolling */
  readonly height?: number;
  /** a phone-sized window */
  readonly narrow?: boolean;
  /** why the seat cannot make a move now, in the rules' words (the table page only) */
  why?(action: Action): Promise<string | null>;
}

/** A game's renderer: Motherlode.renderers[gameId]. */
interface Renderer {
  /** the board for `view` (the page puts it in its place) */
  draw(view: View, ui: RendererUi): Element;
  /** the end screen's why: a line per seat on how its score adds up */
  explainEnd?(view: View): string[];
  /** the kinds of move the board offers itself: the page lists those only folded */
  covers?: string[];
  /** settles when what the renderer fetches for itself has come (Carcassonne's tiles from
   * /games/<id>/data.json): the pages wait for it before the first drawing */
  ready?: Promise<unknown>;
  [extra: string]: unknown;
}

// ------------------------------------------------------------------ builders and kit

type Child = Node | string | number | boolean | null | undefined | Child[];
type Attrs = Record<string, unknown> | null | undefined;
/** Motherlode.svg: an SVG element of that tag, its attributes (an `on…` function listens,
 * `text` is its text) and its children (nested lists flattened; null and false skipped). */
type SvgBuilder = (tag: string, attrs?: Attrs, ...children: Child[]) => SVGElement;
/** Motherlode.el: the same for an HTML element, of its tag's type (an "input": its value). */
interface ElementBuilder {
  <K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]): HTMLElementTagNameMap[K];
  (tag: string, attrs?: Attrs, ...children: Child[]): HTMLElement;
}

/** How text is measured and set (kit.measure, kit.txt, kit.wrap, kit.clip). */
interface TextOptions {
  bold?: boolean;
  /** a font weight (600, 800...); 600 and more measure as bold */
  weight?: number;
  serif?: boolean;
  italic?: boolean;
  /** letter spacing in px */
  spacing?: number;
}

interface TxtOptions extends TextOptions {
  /** px; 14 unless said */
  size?: number;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  baseline?: string;
  cls?: string;
  opacity?: number;
  strike?: boolean;
  /** the widest it may be: a little smaller, then squeezed, where it is wider */
  max?: number;
  /** a tooltip (the text then takes the pointer) */
  title?: string;
  /** more attributes (data-*, id...), set last */
  data?: Record<string, unknown>;
}

interface WrapOptions extends TextOptions {
  /** at most this many lines */
  lines?: number;
}

interface RectOptions {
  /** the corners' radius; 8 unless said */
  r?: number;
  fill?: string;
  stroke?: string | null;
  sw?: number | null;
  cls?: string | null;
  opacity?: number;
  dash?: string | null;
}

interface CoinOptions {
  /** the coin's label: the seat's number unless said; null: none */
  label?: string | number | null;
  /** ringed in gold: the viewer's own */
  me?: boolean;
  cls?: string;
  title?: string;
  data?: Record<string, unknown>;
}

interface ClickOptions {
  /** its name for screen readers, and its tooltip */
  label?: string;
  /** more classes */
  cls?: string;
}

interface ButtonOptions {
  size?: number;
  w?: number;
  h?: number;
  primary?: boolean;
  fill?: string | null;
  stroke?: string;
  ink?: string;
  aria?: string;
  data?: Record<string, unknown>;
}

interface MotherlodeTheme {
  font: string;
  serif: string;
  ink: string;
  gold: string;
  palette: string[];
  colour(seat: number): string;
  /** the text colour on a seat's colour */
  inkOn(seat: number): string;
}

/** The room the page gives the board (kit.room). */
interface Room {
  width: number;
  height: number;
  narrow: boolean;
}

interface MotherlodeKit {
  theme: MotherlodeTheme;
  /** words in the page's language (i18n.js), English with the places filled without it */
  t(text: string, params?: Record<string, unknown>): string;
  /** the game's class prefix (forGame), or null */
  prefix: string | null;
  measure(text: unknown, size: number, o?: TextOptions): number;
  txt(x: number, y: number, s: unknown, o?: TxtOptions): SVGElement;
  wrap(s: unknown, size: number, maxW: number, o?: WrapOptions): string[];
  clip(s: unknown, size: number, maxW: number, o?: TextOptions): string;
  at(x: number, y: number, ...kids: Child[]): SVGElement;
  rect(x: number, y: number, w: number, h: number, o?: RectOptions): SVGElement;
  coin(cx: number, cy: number, r: number, seat: number, o?: CoinOptions): SVGElement;
  clickable<T extends Element>(node: T, run: () => void, o?: ClickOptions): T;
  svgButton(x: number, y: number, label: string, run: () => void, o?: ButtonOptions):
    { node: SVGElement; w: number; h: number };
  buttonWidth(label: string, o?: ButtonOptions): number;
  useStyle(gameId: string): Promise<void>;
  styled(gameId: string): Promise<void>;
  room(ui: Partial<RendererUi> | null | undefined): Room;
}

interface MotherlodeKitRoot extends MotherlodeKit {
  /** the kit for one game: links /games/<id>/style.css; what acts gets `<prefix>-click` */
  forGame(gameId: string, prefix: string): MotherlodeKit;
}

interface MotherlodeNamespace {
  svg: SvgBuilder;
  el: ElementBuilder;
  renderers: Record<string, Renderer>;
  palette: string[];
  colour(seat: number): string;
  /** the drawing kit: kit.js adds it */
  kit?: MotherlodeKitRoot;
  /** the page's language: i18n.js adds it */
  i18n?: MotherlodeI18n;
  /** what the plain pages (profile, leaderboard) share: page.js adds it */
  page?: MotherlodePage;
}

/** What the profile and the leaderboard share (static/page.js). */
interface MotherlodePage {
  t(text: string, params?: Record<string, unknown>): string;
  $(id: string): any;
  el(tag: string, attrs?: Record<string, unknown> | null, ...kids: unknown[]): HTMLElement;
  lang: string | undefined;
  number(x: number): string;
  subject: string;
  pageAsked: number;
  fail(text: string): void;
  load(url: string, missing: string, failed: (status: number | string) => string): Promise<any>;
  siteGames(): Promise<Array<{ id: string; title: string }> | null>;
}

/** The site's languages in the page (static/i18n.js, web/i18n.py). */
interface MotherlodeI18n {
  /** the English message in the page's language, its `{name}` places filled */
  t(text: string, params?: Record<string, unknown>): string;
  lang: string;
  languages: Record<string, string>;
  /** a seat's name in the page's language where the server named it ("Player 2") */
  seatName(name: string, seat: number): string;
  translatePage(root: ParentNode): void;
  languageSwitch(): HTMLSelectElement;
}

interface Window {
  Motherlode: MotherlodeNamespace;
  /** the catalog /i18n/messages.js sets before i18n.js runs */
  MOTHERLODE_I18N?: { lang: string; languages: Record<string, string>; messages: Record<string, string> };
  webkitAudioContext?: typeof AudioContext;
}
