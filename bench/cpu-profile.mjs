// Preloaded into the app by bench/profile.mjs (NODE_OPTIONS=--import, since --cpu-prof is not
// allowed there): samples the CPU from start-up, and on SIGUSR2 writes the profile so far to
// $PROFILE_DIR/<pid>.cpuprofile, for Chrome's DevTools or bench/profile.mjs's summary, and starts
// a new one.
import fs from "node:fs";
import inspector from "node:inspector";

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable", () =>
  session.post("Profiler.setSamplingInterval", { interval: 250 }, () => session.post("Profiler.start")),
);
process.on("SIGUSR2", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error) fs.writeFileSync(`${process.env.PROFILE_DIR}/${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    session.post("Profiler.start");
  });
});
