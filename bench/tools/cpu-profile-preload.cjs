// Preload (`node --require`, also through NODE_OPTIONS, where --cpu-prof is refused): samples the
// process from start to exit and writes `$PROF_DIR/api-<pid>.cpuprofile` (bench/tools/sensor-read.ts).
const inspector = require('node:inspector');
const fs = require('node:fs');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, res) => {
    if (!err) fs.writeFileSync(`${process.env.PROF_DIR}/api-${process.pid}.cpuprofile`, JSON.stringify(res.profile));
  });
});
