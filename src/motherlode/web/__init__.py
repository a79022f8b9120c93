"""The web server: FastAPI app, WebSocket protocol and the static browser UI."""
