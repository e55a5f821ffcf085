// Every mode with screens of its own registers itself here.
import "./kit.js"; // the card-game kit's log words, shared by every full game
import "./drinking.js";
import "./cheat.js";
import "./old_maid.js";
import "./go_fish.js";
import "./blackjack.js";
import "./blackjacks.js";
import "./pontoon.js";
import "./irish_snap.js";
import "./egyptian_ratscrew.js";
import "./concentration.js";
import "./shif_shof_shum.js";
import "./kings_corner.js";
import "./croatian_rummy.js";
