"""Settings: defaults, ``config.toml`` and command-line flags, mapped in one
place onto the ``PARTYAPP_*`` keys Flask keeps."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import platformdirs

# TOML section.key -> (Flask config key, default)
SETTINGS: dict[str, tuple[str, Any]] = {
    "server.host": ("PARTYAPP_HOST", "0.0.0.0"),
    "server.port": ("PARTYAPP_PORT", 8000),
    "server.public_url": ("PARTYAPP_PUBLIC_URL", ""),
    "server.allowed_origins": ("PARTYAPP_ALLOWED_ORIGINS", []),
    "server.trusted_proxies": ("PARTYAPP_TRUSTED_PROXIES", 0),
    "server.testing": ("PARTYAPP_TESTING", False),
    "server.fake_clock": ("PARTYAPP_FAKE_CLOCK", False),
    "store.url": ("PARTYAPP_STORE_URL", ""),
    "store.message_queue": ("PARTYAPP_MESSAGE_QUEUE", ""),
    "store.room_ttl_hours": ("PARTYAPP_ROOM_TTL_HOURS", 12),
    "store.sweep_minutes": ("PARTYAPP_SWEEP_MINUTES", 10),
    "limits.events_per_second": ("PARTYAPP_EVENTS_PER_SECOND", 20),
    "limits.events_burst": ("PARTYAPP_EVENTS_BURST", 40),
    "limits.joins_per_minute": ("PARTYAPP_JOINS_PER_MINUTE", 30),
    "limits.joins_burst": ("PARTYAPP_JOINS_BURST", 20),
    "limits.room_joins_per_minute": ("PARTYAPP_ROOM_JOINS_PER_MINUTE", 20),
    "limits.room_joins_burst": ("PARTYAPP_ROOM_JOINS_BURST", 8),
    "limits.device_joins_per_minute": ("PARTYAPP_DEVICE_JOINS_PER_MINUTE", 3),
    "limits.device_joins_burst": ("PARTYAPP_DEVICE_JOINS_BURST", 3),
    "limits.max_players": ("PARTYAPP_MAX_PLAYERS", 16),
    "limits.max_watchers": ("PARTYAPP_MAX_WATCHERS", 50),
    "limits.watchers_per_address": ("PARTYAPP_WATCHERS_PER_ADDRESS", 4),
    "limits.max_rooms": ("PARTYAPP_MAX_ROOMS", 1000),
    "limits.rooms_per_address": ("PARTYAPP_ROOMS_PER_ADDRESS", 5),
    "limits.unknown_codes_per_minute": ("PARTYAPP_UNKNOWN_CODES_PER_MINUTE", 30),
    "limits.unknown_codes_burst": ("PARTYAPP_UNKNOWN_CODES_BURST", 30),
    "limits.address_unknown_codes_per_hour": ("PARTYAPP_ADDRESS_UNKNOWN_CODES_PER_HOUR", 30),
    "limits.address_unknown_codes_burst": ("PARTYAPP_ADDRESS_UNKNOWN_CODES_BURST", 5),
    "limits.max_message_bytes": ("PARTYAPP_MAX_MESSAGE_BYTES", 65536),
    "limits.connections_per_address": ("PARTYAPP_CONNECTIONS_PER_ADDRESS", 64),
    "limits.unconnected_per_address": ("PARTYAPP_UNCONNECTED_PER_ADDRESS", 8),
    "limits.unconnected_timeout_s": ("PARTYAPP_UNCONNECTED_TIMEOUT_S", 5),
    "limits.header_timeout_s": ("PARTYAPP_HEADER_TIMEOUT_S", 5),
    "limits.ping_interval_s": ("PARTYAPP_PING_INTERVAL_S", 10),
    "limits.ping_timeout_s": ("PARTYAPP_PING_TIMEOUT_S", 20),
    "games.race_timeout_s": ("PARTYAPP_RACE_TIMEOUT_S", 10),
    "games.bot_takeover_s": ("PARTYAPP_BOT_TAKEOVER_S", 30),
}


class ConfigError(ValueError):
    """A setting in the config file is unknown or of the wrong type."""


def defaults() -> dict[str, Any]:
    return {key: (list(value) if isinstance(value, list) else value) for key, value in SETTINGS.values()}


def default_store_url() -> str:
    data_dir = Path(platformdirs.user_data_dir("partyapp", appauthor=False))
    return f"sqlite:///{data_dir / 'partyapp.db'}"


def load_file(path: str | os.PathLike) -> dict[str, Any]:
    """Read a config.toml into ``PARTYAPP_*`` keys, checking names and types."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    out: dict[str, Any] = {}
    for section, values in data.items():
        if not isinstance(values, dict):
            raise ConfigError(f"{path}: [{section}] must be a table")
        for name, value in values.items():
            dotted = f"{section}.{name}"
            if dotted not in SETTINGS:
                raise ConfigError(f"{path}: unknown setting {dotted}")
            key, default = SETTINGS[dotted]
            numeric = isinstance(default, (int, float)) and not isinstance(default, bool)
            expected = (int, float) if numeric else type(default)
            if isinstance(value, bool) != isinstance(default, bool) or not isinstance(value, expected):
                raise ConfigError(f"{path}: {dotted} must be of type {type(default).__name__}")
            out[key] = value
    return out


def build(config_path: str | os.PathLike | None = None, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Defaults, then the config file (``config.toml`` in the working directory
    when none is named and it exists), then explicit overrides."""
    cfg = defaults()
    if config_path is None and Path("config.toml").is_file():
        config_path = "config.toml"
    if config_path is not None:
        cfg.update(load_file(config_path))
    for key, value in (overrides or {}).items():
        if value is not None:
            cfg[key] = value
    if not cfg["PARTYAPP_STORE_URL"]:
        cfg["PARTYAPP_STORE_URL"] = default_store_url()
    return cfg
