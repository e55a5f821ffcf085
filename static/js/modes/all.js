// Every mode with screens of its own registers itself here.
import "./drinking.js";
import "./cardgame.js";
import "./shif_shof_shum.js";
import "./kings_corner.js";
import "./croatian_rummy.js";
