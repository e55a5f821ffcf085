// Every mode with screens of its own registers itself here.
import "./drinking.js";
import "./irish_snap.js";
import "./egyptian_ratscrew.js";
import "./concentration.js";
