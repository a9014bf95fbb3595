/**
 * The companion's thresholds and knobs (SPEC section 12), in one place: the follow controller, the clip selector,
 * the debounce and the tripwire all read them from here, so the oracle can never drift from what it checks.
 */

/** How far behind the player's recorded path the follow target is read, in seconds (CO-3). */
export const TRAIL_DELAY = 0.3;

/** Radius of the follow-ring: inside it the commanded follow speed is 0, in metres (CO-1, CO-4). */
export const FOLLOW_DISTANCE = 2.5;

/** Width of the ramp outside the ring over which the follow speed rises from 0 to its cap, in metres (CO-1, CO-4). */
export const FOLLOW_SLOW_RADIUS = 1.5;

/** Cap of the follow speed, just above the player's run so the trailing gap cannot grow, in m/s (CO-1, CO-4). */
export const FOLLOW_MAX_SPEED = 6.5;

/** The player's run speed, in m/s (CO-8: the gap stays bounded with the player at this speed). */
export const MOVE_SPEED = 6.0;

/** Beyond this planar distance from the player the companion is placed back on the trail, in metres (CO-5). */
export const TELEPORT_DISTANCE = 20;

/** Walk → run only when the speed rises above this, in m/s (CO-2 hysteresis). */
export const RUN_ENTER = 4.0;

/** Run → walk only when the speed falls below this, in m/s (CO-2 hysteresis). */
export const RUN_EXIT = 3.0;

/**
 * How far past the walk↔run band the debounce still holds a gait, in m/s (CO-7): beyond RUN_ENTER + GAIT_SLACK a walk,
 * below RUN_EXIT − GAIT_SLACK a run, is the wrong gait plainly and switches at once.
 */
export const GAIT_SLACK = 0.5;

/** Below this speed the companion plays `wait`, whatever its intent or hold, in m/s (CO-2, CO-8, CO-9). */
export const IDLE_EPS = 0.1;

/** How long a walk↔run switch is held back after the last clip change, in seconds (CO-7); also the tripwire's window (CO-9). */
export const ANIM_HOLD_TIME = 0.3;

/**
 * After this long outside the follow ring without closing on its aim (the trail point, or the player in REGROUP) the
 * companion rejoins: a jump where one gets it onto the player's ground, else a teleport beside the player, in
 * seconds (CO-8). Long enough to go round a tree, short enough that a player never waits on it.
 */
export const STUCK_TIME = 1.5;

/**
 * After this long outside the follow ring without closing on its aim the companion plans a way round (CO-12): well
 * before STUCK_TIME, so a route has time to show progress before the jump or teleport, in seconds.
 */
export const ROUTE_TIME = 0.25;

/** The least time between two route plans, so a blocked companion never plans every frame, in seconds (CO-12). */
export const ROUTE_INTERVAL = 0.5;

/** A route is planned again when the point it was planned to is this far from where the companion now aims, in metres (CO-12). */
export const ROUTE_TOLERANCE = 2;

/** A route that does not reach is walked only when its end is at least this much nearer the point it was planned to than the companion, in metres (CO-12). */
export const ROUTE_GAIN = 1;

/**
 * When no route reaches its aim the companion plans to where the player will be this long from now at its pace over
 * the trail (its position plus its trail velocity times this): round a lake the player is wading, it makes for the
 * far shore while the player is still in the water, in seconds (CO-12).
 */
export const ROUTE_LOOKAHEAD = 2;

/** How far beyond the companion and the points it plans between a route may lead, on each side, in metres (CO-12). */
export const ROUTE_MARGIN = 8;

/**
 * The most cells a companion's route searches (128 × 128: 32 m square on a 0.25 m lattice, 128 m on a 1 m one),
 * bounding a plan's frames; a larger box is narrowed, in cells (CO-12).
 */
export const ROUTE_CELLS = 16384;

/**
 * The work one frame's `route` call may do (its `budget`: cells expanded plus grid verdicts worked out, RT-3): about
 * 0.8 ms on the wasm core when every verdict is new; a plan needing more goes on over later frames (CO-12).
 */
export const ROUTE_BUDGET = 2000;

/** A waypoint counts as passed once the companion is this near it, in metres (CO-12). */
export const WAYPOINT_REACH = 0.02;

/** An enemy within this planar distance of the companion draws it into ENGAGE, in metres (CO-10). */
export const AGGRO_RANGE = 8;

/** The companion engages only while the player is within this planar distance of it, in metres (CO-10). */
export const LEASH_DISTANCE = 12;

/** Planar centre distance at which the companion stops to swing at its enemy, in metres (CO-10). */
export const ATTACK_REACH = 1.5;

/** Length of one rooted `atk1` swing, in seconds (CO-10). */
export const ATTACK_TIME = 0.6;

/** Slack over FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS that the settled trailing gap may show, in metres (CO-8: "a small margin"). */
export const GAP_MARGIN = 0.5;
