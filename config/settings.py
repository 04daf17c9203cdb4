"""Pott's settings: one file, configured through environment variables (see README.md)."""

from __future__ import annotations

import os
import secrets
import stat
from datetime import timedelta
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


def env_int(name: str, default: int) -> int:
    """Read a whole-number environment variable."""
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated environment variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def private_dir(path: Path) -> Path:
    """Create the folder `path` if missing, for its owner alone (0700); take group and others'
    access away from an existing one."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    _owner_only(path)
    return path


def private_file(path: Path) -> Path:
    """Create the empty file `path` if missing, readable and writable by its owner alone (0600
    from the start, never wider for a moment); take group and others' access away from an
    existing one."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        _owner_only(path)
    return path


def private_sqlite_file(path: Path) -> None:
    """Make the SQLite database at `path` its owner's alone before anything connects to it.

    SQLite creates the database with the process's umask (usually readable by everyone) but its
    -wal, -shm and -journal files with the database file's own mode, so creating the database
    file 0600 up front covers them; existing ones are narrowed too.
    """
    if not path.parent.is_dir():
        return  # SQLite will say so when it connects.
    private_file(path)
    for suffix in ("-wal", "-shm", "-journal"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            _owner_only(companion)


def _owner_only(path: Path) -> None:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        path.chmod(mode & 0o700)


def stored_secret_key(path: Path) -> str:
    """Return the secret key kept in `path`, creating it once so `make run` works out of the box.

    The key is written to a temporary file (0600 from the start) and linked into place, so
    processes starting at the same time (several gunicorn workers) all end up with the same key.
    """
    private_dir(path.parent)
    if not path.exists():
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_urlsafe(50))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    _owner_only(path)
    return path.read_text().strip()


SECRET_KEY = os.environ.get("POTT_SECRET_KEY") or stored_secret_key(VAR_DIR / "secret_key")
DEBUG = env_bool("POTT_DEBUG")
# Tablets, phones and TVs on the local network reach Pott by this machine's IP address.
ALLOWED_HOSTS = env_list("POTT_ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = env_list("POTT_CSRF_TRUSTED_ORIGINS")
# The address other devices open (https://pott.example.org): the TV and phone links and their
# QR codes are built from it. Empty: from this machine's own network addresses (never from the
# Host header a client sends).
POTT_PUBLIC_URL = os.environ.get("POTT_PUBLIC_URL", "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "accounts",
    "dealer",
    "ledger",
    "ops",
]

MIDDLEWARE = [
    "config.middleware.ServerTimingMiddleware",
    # Outside the security, CSP, locale and framing middleware: takes the headers that govern
    # or describe a body off bodiless 204s (the polls).
    "config.middleware.NoContentMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, except that a session whose login has ended (logout) is logged out.
    "accounts.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a refused login into the lockout page (AXES_LOCKOUT_CALLABLE).
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy: the browser runs only Pott's own script and style files. No inline
# <script>, no on…= handlers, no style="…", no eval (htmx is told so in each page's htmx-config
# meta tag), nothing from another site, no plugins, no framing, forms post only to Pott.
SECURE_CSP = {
    "default-src": [CSP.NONE],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF],
    # The web app manifest (installing Pott on a tablet's home screen): config/app.py.
    "manifest-src": [CSP.SELF],
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
    private_dir(VAR_DIR)
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
    private_dir(VAR_DIR)
    DATABASES["default"].setdefault("TEST", {"NAME": str(VAR_DIR / "test-pott.sqlite3")})
    # The database holds everyone's money and the hosts' password hashes: owner only.
    sqlite_name = str(DATABASES["default"]["NAME"])
    if sqlite_name and sqlite_name != ":memory:" and not sqlite_name.startswith("file:"):
        private_sqlite_file(Path(sqlite_name))

# The cache: this process's memory by default (one machine). REDIS_URL (redis://host:6379/1)
# makes it Django's Redis cache, shared by every app process and machine: the TV and phone
# polls then read a table's or clock's version there instead of the database (dealer/polls.py).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where `manage.py pott_backup` writes when given no file, and `pott_restore` its safety backup
# of the database it replaces. Backups hold people's names and money: the folder is made 0700.
BACKUP_DIR = (
    BASE_DIR / Path(os.environ.get("POTT_BACKUP_DIR", "").strip() or "var/backups").expanduser()
)

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
# Logging out still ends a session for good, every copy of its cookie included: the session
# holds a login id that must be among the user's live logins (accounts.LiveLogins, read in
# the same query as the user).
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"

AUTHENTICATION_BACKENDS = [
    # First: refuses any login, right password or not, from a username and address locked out.
    "accounts.backends.LockoutBackend",
    # Username and password; a session's user is loaded with its live logins in one query.
    "accounts.backends.LoginBackend",
]

# Login throttling (django-axes): failures are counted in the database, so every gunicorn
# worker and every machine sharing the database sees the same count. A username is locked out
# only from the address that failed: someone elsewhere cannot lock the host out.
AXES_FAILURE_LIMIT = env_int("POTT_LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("POTT_LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Failures during a lockout do not prolong it: it always ends one cool-off after it began.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_CLIENT_IP_CALLABLE = "accounts.addresses.client_address"
# Behind reverse proxies, the number of them that append the client's address to
# X-Forwarded-For (0: Pott is reached directly and REMOTE_ADDR is the client's address).
POTT_PROXIES = env_int("POTT_PROXIES", 0)
# No row per successful login kept forever: Pott's live logins are in accounts.LiveLogins.
AXES_DISABLE_ACCESS_LOG = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Logging goes to stderr, which gunicorn and `make run` show. Django's own default prints only
# with DEBUG on, so a server error would leave no trace on a real server: here its traceback is
# logged (django.request, ERROR) whatever DEBUG is. Warnings are logged too (a CSRF failure, a
# login lockout), but not requests themselves: a 404 or 405 is a django.request warning, and a
# phone left polling a deleted table would write one a second.
LOG_LEVEL = os.environ.get("POTT_LOG_LEVEL", "").strip().upper() or "WARNING"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server"},
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Replaces Django's default handlers (console only with DEBUG, mail to ADMINS, which
        # Pott has none of): its records go up to the root logger's.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.request": {"level": "ERROR"},
        # `manage.py runserver` (a developer's server, not `make run`) keeps its request lines.
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}
