# Sourced by .ci/run and packaging/pyinstaller/build.sh: start one virtual screen (Xvfb) for
# the program's window checks and point DISPLAY at it; stop_virtual_screen ends it.
#   start_virtual_screen FOLDER   # FOLDER keeps the screen's number and its error output
# Xvfb picks a free display itself (-displayfd) and says its number only when it accepts
# connections. Not xvfb-run: a killed xvfb-run leaves its Xvfb and its command running, and
# its own clean-up can fail a check whose program ran well.
start_virtual_screen() {
  local folder=$1 number=""
  Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp \
    3>"$folder/display" 2>"$folder/xvfb.err" &
  VIRTUAL_SCREEN_PID=$!
  for _ in $(seq 1 100); do
    number=$(tr -dc 0-9 <"$folder/display")
    [ -n "$number" ] && break
    kill -0 "$VIRTUAL_SCREEN_PID" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$number" ]; then
    echo "virtual screen: Xvfb did not start:" >&2
    cat "$folder/xvfb.err" >&2
    return 1
  fi
  export DISPLAY=":$number"
}

stop_virtual_screen() {
  if [ -n "${VIRTUAL_SCREEN_PID:-}" ]; then
    kill "$VIRTUAL_SCREEN_PID" 2>/dev/null || true
    wait "$VIRTUAL_SCREEN_PID" 2>/dev/null || true
    VIRTUAL_SCREEN_PID=""
  fi
}
