# permgate shell guard for bash. In ~/.bashrc:
#   eval "$(permgate init bash)"
# Enter checks the line with permgate before bash runs it: an allowed line runs,
# a denied one stays on the line for editing, an ask asks on the terminal.
# Shift+Tab cycles this shell's mode (kept in _permgate_mode, persisted
# nowhere: other shells and agents' hooks keep theirs) and keeps the line. It
# turns histverify on: a history expansion (!!) shows on the line and is checked
# before it runs. For the mode in the prompt (a variable: showing it costs no
# process; it is the mode as of the last checked line):
#   PS1='[${permgate_shown_mode}] \w \$ '
# The guard's functions and _permgate_bin are read-only once loaded (loading the
# snippet again keeps them); _permgate_mode cannot be, as Shift+Tab changes it.
if [[ $- == *i* ]] && ((BASH_VERSINFO[0] < 4)); then
  echo "permgate: the shell guard needs bash 4 or later; this shell is not guarded" >&2
elif [[ $- == *i* && ! -o emacs && ! -o vi ]]; then
  echo "permgate: line editing is off in this bash; this shell is not guarded" >&2
elif [[ $- == *i* ]]; then

if [[ ${_permgate_loaded-} != 1 ]]; then
_permgate_bin=@PERMGATE_BIN@
# This shell's mode, set by Shift+Tab; empty: the mode set with permgate mode
# or the config's.
_permgate_mode=''

# permgate_prompt_mode prints the permgate mode in force in this shell
# (default, auto, plan or bypass), as permgate_shown_mode holds it.
permgate_prompt_mode() {
  printf '%s\n' "${permgate_shown_mode-}"
}

# _permgate_show sets permgate_shown_mode from the guard's last output line
# (@permgate-mode MODE). MODE ? means the line may change the mode: the next
# prompt asks permgate, once, after the line has run.
_permgate_show() {
  local report=${1##*$'\n'}
  [[ $report == '@permgate-mode '* ]] || return 0
  report=${report#@permgate-mode }
  if [[ $report == '?' ]]; then
    _permgate_stale=1
  else
    permgate_shown_mode=$report _permgate_stale=''
  fi
}

# _permgate_refresh runs before each prompt: a process only after a line that
# may have changed the mode.
_permgate_refresh() {
  [[ -n ${_permgate_stale-} ]] || return 0
  _permgate_stale=''
  if [[ -n ${_permgate_mode-} ]]; then
    permgate_shown_mode=$_permgate_mode
  else
    permgate_shown_mode=$(command "$_permgate_bin" mode --short 2>/dev/null)
  fi
}

# _permgate_guard runs first in the Enter macro. It binds the macro's second
# key (\C-x\C-]a, \C-x\C-]o for Ctrl-O) to accept the line when permgate allows
# it, and to a redraw when it does not, so that a refused line stays for editing.
_permgate_guard() {
  local line=$READLINE_LINE expanded hist=${histchars-'!^#'}
  local guard_status=0 accept=accept-line next=operate-and-get-next keymap report
  # Bash expands history (!!, !$, ^old^new) after Enter. When the line has an
  # event to expand, histverify makes bash put the result back on the line
  # instead of running it, and the next Enter checks what will really run.
  if [[ $- == *H* && -n $hist && ($line == *"${hist:0:1}"* || $line == "${hist:1:1}"*) ]] &&
    { ! expanded=$(history -p -- "$line" 2>/dev/null) || [[ $expanded != "$line" ]]; }; then
    shopt -s histverify
    line=''
  fi
  if [[ $line == *[![:space:]]* ]]; then
    report=$(command "$_permgate_bin" guard --report-mode ${_permgate_mode:+--mode "$_permgate_mode"} -- "$line")
    guard_status=$?
    ((guard_status > 1)) || _permgate_show "$report"
  fi
  if ((guard_status == 2)); then
    # The command is not finished (an open quote, an unfinished for): go on in
    # the same buffer, so that the whole command is checked when it is.
    READLINE_LINE+=$'\n'
    READLINE_POINT=${#READLINE_LINE}
    accept=redraw-current-line next=redraw-current-line
  elif ((guard_status != 0)); then
    if ((guard_status == 126 || guard_status == 127)); then
      printf 'permgate: cannot run %s: the line was not run\n' "$_permgate_bin" >&2
    elif ((guard_status != 1)); then
      printf 'permgate: the guard failed (exit %d): the line was not run\n' "$guard_status" >&2
    fi
    accept=redraw-current-line next=redraw-current-line
  fi
  for keymap in emacs vi-insert vi-command; do
    bind -m "$keymap" "\"\\C-x\\C-]a\": $accept"
    bind -m "$keymap" "\"\\C-x\\C-]o\": $next"
  done
}

# _permgate_cycle_save runs first in the Shift+Tab macro: it keeps the typed
# line aside and empties it, so that the macro's accept-line runs nothing but
# draws a fresh prompt (with the new mode), then moves this shell to the next
# mode (permgate knows whether bypass is disabled).
_permgate_cycle_save() {
  _permgate_saved_line=$READLINE_LINE _permgate_saved_point=$READLINE_POINT
  READLINE_LINE='' READLINE_POINT=0
  local next
  if next=$(command "$_permgate_bin" mode --next="${_permgate_mode-}") && [[ -n $next ]]; then
    _permgate_mode=$next permgate_shown_mode=$next _permgate_stale=''
    printf 'permgate: mode %s (this shell)\n' "$_permgate_mode"
  else
    printf 'permgate: cannot change the mode: %s did not answer\n' "$_permgate_bin" >&2
  fi
}

# _permgate_cycle_restore runs last in the Shift+Tab macro, on the fresh
# prompt: it puts the typed line back.
_permgate_cycle_restore() {
  READLINE_LINE=${_permgate_saved_line-} READLINE_POINT=${_permgate_saved_point-0}
  unset _permgate_saved_line _permgate_saved_point
}

readonly -f permgate_prompt_mode _permgate_show _permgate_refresh _permgate_guard _permgate_cycle_save _permgate_cycle_restore
readonly _permgate_bin _permgate_loaded=1
fi

# The mode in force when this shell started; Shift+Tab and each checked line
# keep it up to date.
permgate_shown_mode=${_permgate_mode:-@PERMGATE_MODE@}
if [[ -z $permgate_shown_mode ]]; then
  _permgate_stale=1
fi
# (As an array, PROMPT_COMMAND's first element gets the call.)
if [[ ${PROMPT_COMMAND-} != *_permgate_refresh* ]]; then
  PROMPT_COMMAND="_permgate_refresh${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
fi

shopt -s histverify
_permgate_keymap=''
for _permgate_keymap in emacs vi-insert vi-command; do
  bind -m "$_permgate_keymap" -x '"\C-x\C-]g": _permgate_guard'
  bind -m "$_permgate_keymap" '"\C-x\C-]a": redraw-current-line'
  bind -m "$_permgate_keymap" '"\C-x\C-]o": redraw-current-line'
  bind -m "$_permgate_keymap" '"\C-m": "\C-x\C-]g\C-x\C-]a"'
  bind -m "$_permgate_keymap" '"\C-j": "\C-x\C-]g\C-x\C-]a"'
  bind -m "$_permgate_keymap" -x '"\C-x\C-]s": _permgate_cycle_save'
  bind -m "$_permgate_keymap" '"\C-x\C-]b": accept-line'
  bind -m "$_permgate_keymap" -x '"\C-x\C-]r": _permgate_cycle_restore'
  bind -m "$_permgate_keymap" '"\e[Z": "\C-x\C-]s\C-x\C-]b\C-x\C-]r"'
done
bind -m emacs '"\C-o": "\C-x\C-]g\C-x\C-]o"'
# edit-and-execute-command would run the edited text without Enter's check.
bind -m emacs -r '\C-x\C-e'
bind -m vi-command -r 'v'
unset _permgate_keymap

fi
