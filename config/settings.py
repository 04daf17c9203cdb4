"""Pott's settings: one file, configured through environment variables (see README.md)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
# Local state that is never committed: the generated secret key and the SQLite database.
VAR_DIR = BASE_DIR / "var"


def env_bool(name: str, default: bool = False) -> bool:
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated environment variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def stored_secret_key(path: Path) -> str:
    """Return the secret key kept in `path`, creating it once so `make run` works out of the box.

    The key is written to a temporary file and linked into place, so processes starting at the
    same time (several gunicorn workers) all end up with the same key.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(secrets.token_urlsafe(50))
        tmp.chmod(0o600)
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


SECRET_KEY = os.environ.get("POTT_SECRET_KEY") or stored_secret_key(VAR_DIR / "secret_key")
DEBUG = env_bool("POTT_DEBUG")
# Tablets, phones and TVs on the local network reach Pott by this machine's IP address.
ALLOWED_HOSTS = env_list("POTT_ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = env_list("POTT_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "dealer",
    "ledger",
]

MIDDLEWARE = [
    "config.middleware.ServerTimingMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# Content-Security-Policy: the browser runs only Pott's own script and style files. No inline
# <script>, no on…= handlers, no style="…", no eval (htmx is told so in each page's htmx-config
# meta tag), nothing from another site, no plugins, no framing, forms post only to Pott.
SECURE_CSP = {
    "default-src": [CSP.NONE],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}
if DEBUG:
    # Django's debug pages (and django-htmx's debug script) use inline styles and scripts: in
    # debug mode the browser only reports in its console what the policy would block.
    SECURE_CSP_REPORT_ONLY, SECURE_CSP = SECURE_CSP, {}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The `bdi` and `isolate` filters for names people type (config/text.py).
            "builtins": ["config.templatetags"],
        },
    },
]

# SQLite is the embedded default for a single machine; PostgreSQL (DATABASE_URL) is the shared
# store when several app processes or machines serve the same tables.
SQLITE_OPTIONS = {
    # BEGIN IMMEDIATE takes the write lock up front, so concurrent writers wait (busy timeout)
    # instead of failing with "database is locked" when a read transaction upgrades to a write.
    "transaction_mode": "IMMEDIATE",
    "timeout": 5,
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;"
    ),
}

DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=600, conn_health_checks=True)
    }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "pott.sqlite3",
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
    # Tests use a database file like production (WAL, busy timeout), not Django's shared
    # in-memory database, whose table locks fail at once instead of waiting their turn.
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES["default"].setdefault("TEST", {"NAME": str(VAR_DIR / "test-pott.sqlite3")})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("sv", "Svenska"),
    ("de", "Deutsch"),
    ("is", "Íslenska"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("POTT_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Sessions live in a signed cookie: no database read on every request (every tap of the
# dealer's tablet), and nothing to clean up. The cookie is signed with SECRET_KEY and HttpOnly.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"
