// npm start: the main job on built-in defaults — a crowd seeking across the sample world, then the companion's
// autopilot probe; each prints its summary, and the run fails if either finds a broken promise.
import { writeFileSync } from 'node:fs';
import { autopilotSvg, formatReport, runAutopilot } from '../src/autopilot/index.ts';
import { groundOf, numbers, route, seek, stand, walk } from '../src/index.ts';
import { runCrowd } from './crowd.ts';

const crowd = runCrowd();
console.log(crowd.text);
console.log('');
const autopilot = runAutopilot({ core: { walk, seek, stand, numbers, route }, groundOf });
console.log(formatReport(autopilot));
writeFileSync('autopilot.svg', autopilotSvg(autopilot));
console.log('companion timeline: autopilot.svg');
if (crowd.failures > 0 || !autopilot.pass) process.exit(1);
