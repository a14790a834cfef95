"""nginx with the shipped configuration (``examples/balancer/nginx.conf``), in front of test servers.

The configuration is used as a person would: its ``EDIT`` lines changed
(the processes' ports, the certificate: a self-signed one made here, the
listening ports), every other line as shipped, included in a minimal main
configuration of the test's own directory.
"""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import time
from pathlib import Path

import httpx2 as httpx

from tests.web.tables import free_port

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "examples" / "balancer" / "nginx.conf"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
OPENSSL = shutil.which("openssl")


def client_tls() -> ssl.SSLContext:
    """TLS that accepts the test's self-signed certificate."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def configured(shipped: str, ports: list[int], listen: int, redirect: int, cert: Path, key: Path) -> str:
    """The shipped configuration with its ``EDIT`` lines set for this machine; the rest untouched."""
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
    for old, new in changes.items():
        assert old in text, f"the shipped configuration no longer has {old.strip()!r}"
        text = text.replace(old, new)
    return text


class Balancer:
    """nginx on a free port (https), sending tables to the processes at ``ports``."""

    def __init__(self, home: Path, ports: list[int]) -> None:
        assert NGINX is not None and OPENSSL is not None
        home.mkdir(parents=True, exist_ok=True)
        cert, key = home / "cert.pem", home / "key.pem"
        request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"]
        subprocess.run(
            [OPENSSL, *request, "-keyout", str(key), "-out", str(cert)],
            check=True,
            capture_output=True,
        )
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        site = configured(SHIPPED.read_text(), ports, self.port, free_port(), cert, key)
        (home / "deckhand.conf").write_text(site)
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers read the test's private directory
        temp = " ".join(
            f"{kind}_temp_path {home / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (home / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {home / 'nginx.pid'};\nerror_log {home / 'error.log'} warn;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{ access_log off; {temp} include {home / 'deckhand.conf'}; }}\n"
        )
        self.home = home
        self.process = subprocess.Popen(
            [NGINX, "-p", str(home), "-c", str(home / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"nginx did not start: {self.log()}")
            try:
                if httpx.get(f"{self.url}/healthz", verify=False).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"nginx did not answer: {self.log()}")

    def log(self) -> str:
        path = self.home / "error.log"
        return path.read_text()[-2000:] if path.exists() else ""

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
