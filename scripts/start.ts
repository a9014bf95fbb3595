// npm start: the main job on built-in defaults — a crowd seeking across the sample world, then a summary.
import { runCrowd } from './crowd.ts';

const report = runCrowd();
console.log(report.text);
if (report.failures > 0) process.exit(1);
