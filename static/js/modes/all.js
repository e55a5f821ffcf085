// Every mode with screens of its own registers itself here.
import "./drinking.js";
import "./cheat.js";
import "./old_maid.js";
import "./go_fish.js";
import "./blackjacks.js";
import "./pontoon.js";
