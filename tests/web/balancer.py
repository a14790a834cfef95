"""nginx or HAProxy with the shipped configuration (``examples/balancer/``), in front of test servers.

The configuration is used as a person would: its ``EDIT`` lines changed
(the processes' ports, the certificate: a self-signed one made here, the
listening ports), every other line as shipped, behind a minimal main
configuration of the test's own directory that logs every request to a file.
"""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import httpx2 as httpx

from tests.web.tables import free_port

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = {
    "nginx": ROOT / "examples" / "balancer" / "nginx.conf",
    "haproxy": ROOT / "examples" / "balancer" / "haproxy.cfg",
}


def _program(name: str) -> str | None:
    return shutil.which(name) or next((p for p in (f"/usr/sbin/{name}",) if Path(p).exists()), None)


NGINX = _program("nginx")
HAPROXY = _program("haproxy")
OPENSSL = shutil.which("openssl")
PROGRAMS = {"nginx": NGINX, "haproxy": HAPROXY}
MISSING = {
    "nginx": "nginx is not installed (Debian's nginx package; .ci/run installs it)",
    "haproxy": "HAProxy is not installed (Debian's haproxy package; .ci/run installs it)",
}
"""Why a balancer's tests skip."""


def client_tls() -> ssl.SSLContext:
    """TLS that accepts the test's self-signed certificate."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def _edited(text: str, changes: dict[str, str]) -> str:
    for old, new in changes.items():
        assert old in text, f"the shipped configuration no longer has {old.strip()!r}"
        text = text.replace(old, new)
    return text


def configured(shipped: str, ports: list[int], listen: int, redirect: int, cert: Path, key: Path) -> str:
    """The shipped nginx configuration with its ``EDIT`` lines set for this machine; the rest untouched."""
    servers = "".join(f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in ports)
    text, upstreams = re.subn(r"(    server 127\.0\.0\.1:\d+ [^\n]*# EDIT[^\n]*\n)+", servers, shipped)
    assert upstreams == 1, "the shipped configuration lists its processes on consecutive EDIT lines"
    changes = {
        "    listen 80;\n": f"    listen 127.0.0.1:{redirect};\n",
        "    listen 443 ssl;\n": f"    listen 127.0.0.1:{listen} ssl;\n",
        "    listen [::]:80;\n": "",
        "    listen [::]:443 ssl;\n": "",
        "/etc/ssl/deckhand/fullchain.pem": str(cert),
        "/etc/ssl/deckhand/privkey.pem": str(key),
    }
    return _edited(text, changes)


def haproxy_configured(shipped: str, ports: list[int], listen: int, redirect: int, pem: Path) -> str:
    """The shipped HAProxy configuration with its ``EDIT`` lines set for this machine; the rest untouched."""
    servers = "".join(f"    server deckhand{i} 127.0.0.1:{port}\n" for i, port in enumerate(ports, 1))
    text, backends = re.subn(r"(    server deckhand\d+ 127\.0\.0\.1:\d+ [^\n]*# EDIT[^\n]*\n)+", servers, shipped)
    assert backends == 1, "the shipped configuration lists its processes on consecutive EDIT lines"
    text, binds = re.subn(r"    bind :::443 [^\n]*\n", "", text)
    assert binds == 1, "the shipped configuration listens on IPv6 on one line of its own"
    changes = {
        "    bind :80\n": f"    bind 127.0.0.1:{redirect}\n",
        "    bind :::80 v6only\n": "",
        "    bind :443 ssl crt /etc/ssl/deckhand/deckhand.pem ": f"    bind 127.0.0.1:{listen} ssl crt {pem} ",
    }
    return _edited(text, changes)


class Balancer:
    """nginx or HAProxy (``kind``) on a free port (https), sending tables to the processes at ``ports``.

    ``edit`` changes the shipped configuration before its ``EDIT`` lines are
    set: a test's way to run a variant an operator might have written.
    """

    def __init__(
        self, home: Path, ports: list[int], kind: str = "nginx", edit: Callable[[str], str] | None = None
    ) -> None:
        program = PROGRAMS[kind]
        assert program is not None and OPENSSL is not None, MISSING[kind]
        home.mkdir(parents=True, exist_ok=True)
        cert, key = home / "cert.pem", home / "key.pem"
        request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"]
        subprocess.run(
            [OPENSSL, *request, "-keyout", str(key), "-out", str(cert)],
            check=True,
            capture_output=True,
        )
        self.kind = kind
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.home = home
        shipped = SHIPPED[kind].read_text()
        if edit is not None:
            shipped = edit(shipped)
        if kind == "nginx":
            command = self._nginx(program, shipped, ports, cert, key)
        else:
            command = self._haproxy(program, shipped, ports, cert, key)
        with (home / "error.log").open("ab") as errors:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"{kind} did not start: {self.log()}")
            try:
                if httpx.get(f"{self.url}/healthz", verify=False).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"{kind} did not answer: {self.log()}")

    def _nginx(self, program: str, shipped: str, ports: list[int], cert: Path, key: Path) -> list[str]:
        home = self.home
        site = configured(shipped, ports, self.port, free_port(), cert, key)
        (home / "deckhand.conf").write_text(site)
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers read the test's private directory
        temp = " ".join(
            f"{kind}_temp_path {home / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (home / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {home / 'nginx.pid'};\nerror_log {home / 'error.log'} warn;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{ access_log {home / 'access.log'}; {temp} include {home / 'deckhand.conf'}; }}\n"
        )
        return [program, "-p", str(home), "-c", str(home / "nginx.conf")]

    def _haproxy(self, program: str, shipped: str, ports: list[int], cert: Path, key: Path) -> list[str]:
        home = self.home
        pem = home / "deckhand.pem"  # HAProxy reads the certificate and its key from one file
        pem.write_text(cert.read_text() + key.read_text())
        (home / "deckhand.cfg").write_text(haproxy_configured(shipped, ports, self.port, free_port(), pem))
        # Its log (every request: the shipped configuration says `option httplog`) goes to standard error.
        (home / "global.cfg").write_text("global\n    maxconn 1024\n    log stderr format raw local0 info\n")
        check = subprocess.run(
            [program, "-c", "-f", str(home / "global.cfg"), "-f", str(home / "deckhand.cfg")],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0, f"HAProxy refuses the configuration: {check.stdout}{check.stderr}"
        return [program, "-db", "-f", str(home / "global.cfg"), "-f", str(home / "deckhand.cfg")]

    def logs(self) -> str:
        """Everything the balancer logged: its errors and warnings, and every request it passed."""
        return "".join(path.read_text() for name in ("error.log", "access.log") if (path := self.home / name).exists())

    def log(self) -> str:
        """The end of :meth:`logs`, for a failure's message."""
        return self.logs()[-4000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
