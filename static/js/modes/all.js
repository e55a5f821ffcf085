// Every mode with screens of its own registers itself here.
import "./drinking.js";
import "./blackjacks.js";
import "./pontoon.js";
