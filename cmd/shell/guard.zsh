# permgate shell guard for zsh. In ~/.zshrc:
#   eval "$(permgate init zsh)"
# Enter checks the line with permgate before zsh runs it: an allowed line runs,
# a denied one stays on the line for editing, an ask asks on the terminal.
# A history expansion (!!) is first expanded on the line, and checked on the
# next Enter. Shift+Tab cycles this shell's mode (kept in _permgate_mode,
# persisted nowhere: other shells and agents' hooks keep theirs) and keeps the
# line. _permgate_bin is read-only once loaded; zsh cannot make functions or
# widgets read-only, and _permgate_mode cannot be, as Shift+Tab changes it:
# permgate's analysis flags commands that touch them. The mode shows in
# RPROMPT unless PERMGATE_NO_RPROMPT is set; to place it yourself (with
# setopt prompt_subst):
#   RPROMPT='$(permgate_prompt_mode)'
if [[ -o interactive && ! -o zle ]]; then
  print -ru2 -- "permgate: line editing (zle) is off in this zsh; this shell is not guarded"
elif [[ -o interactive ]]; then

(( ${+_permgate_bin} )) || typeset -gr _permgate_bin=@PERMGATE_BIN@
# This shell's mode, set by Shift+Tab; empty: the mode set with permgate mode
# or the config's.
typeset -g _permgate_mode=${_permgate_mode-}

# permgate_prompt_mode prints the permgate mode in force in this shell
# (default, auto, plan or bypass), for a prompt.
permgate_prompt_mode() {
  if [[ -n ${_permgate_mode-} ]]; then
    print -r -- "$_permgate_mode"
  else
    command "$_permgate_bin" mode --short 2>/dev/null
  fi
}

# _permgate_rprompt is the mode as RPROMPT shows it.
_permgate_rprompt() {
  local mode
  mode=$(permgate_prompt_mode) && [[ -n $mode ]] && print -rn -- "permgate:$mode"
}

# _permgate_guard_widget replaces accept-line and its relatives: it runs the
# line (with any continuation lines before it) only when permgate allows it.
# When it does not, the line stays for editing under the reason.
_permgate_guard_widget() {
  emulate -L zsh
  # zsh expands history (!!, !$, ^old^new) after Enter: expand it on the line
  # instead, so that the next Enter checks what will really run.
  if [[ -o bang_hist && -n $histchars && ( $BUFFER == *"${histchars[1]}"* || $BUFFER == "${histchars[2]}"* ) ]]; then
    local unexpanded=$BUFFER
    zle expand-history
    [[ $BUFFER != "$unexpanded" ]] && return 0
  fi
  local line=$PREBUFFER$BUFFER
  if [[ $line == *[^[:space:]]* ]]; then
    local cursor=$CURSOR message guard_status
    # Put the terminal's cursor at the end of the line, so that a question
    # from permgate appears under it.
    CURSOR=$#BUFFER
    zle -R
    message=$(command "$_permgate_bin" guard ${_permgate_mode:+--mode} ${_permgate_mode:+$_permgate_mode} -- "$line" 2>&1)
    guard_status=$?
    if (( guard_status == 2 )); then
      # The command is not finished (an open quote, a for without done): go on
      # in the same buffer, so the whole command is checked when it is complete.
      # zsh's own continuation would run the lines without a second look if its
      # parser thought them complete where permgate's did not.
      BUFFER+=$'\n'
      CURSOR=$#BUFFER
      return 0
    fi
    if (( guard_status != 0 )); then
      CURSOR=$cursor
      zle -I
      [[ -n $message ]] && print -ru2 -- "$message"
      if (( guard_status == 126 || guard_status == 127 )); then
        print -ru2 -- "permgate: cannot run $_permgate_bin: the line was not run"
      elif (( guard_status != 1 )); then
        print -ru2 -- "permgate: the guard failed (exit $guard_status): the line was not run"
      fi
      return 0
    fi
    if [[ -n $message ]]; then
      zle -I
      print -ru2 -- "$message"
    fi
  fi
  if (( ${+widgets[_permgate_orig_$WIDGET]} )); then
    zle _permgate_orig_$WIDGET
  else
    zle .$WIDGET
  fi
}

# _permgate_cycle_mode_widget moves this shell to the next mode (permgate
# knows whether bypass is disabled), keeps the typed line and redraws the
# prompt with the new mode.
_permgate_cycle_mode_widget() {
  emulate -L zsh
  local next message
  if next=$(command "$_permgate_bin" mode --next="$_permgate_mode" 2>/dev/null) && [[ -n $next ]]; then
    _permgate_mode=$next
    message="permgate: mode $next (this shell)"
  else
    message="permgate: cannot change the mode: $_permgate_bin did not answer"
  fi
  zle reset-prompt
  zle -M -- "$message"
}

() {
  local widget keymap
  for widget in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
    # Keep a widget someone else put there, and call it when the line may run.
    if [[ ${widgets[$widget]-} == user:* && ${widgets[$widget]} != user:_permgate_guard_widget ]]; then
      zle -A $widget _permgate_orig_$widget
    fi
    zle -N $widget _permgate_guard_widget
  done
  zle -N _permgate_cycle_mode_widget
  for keymap in emacs viins vicmd; do
    bindkey -M $keymap '^[[Z' _permgate_cycle_mode_widget
    if [[ -n ${terminfo[kcbt]-} ]]; then
      bindkey -M $keymap ${terminfo[kcbt]} _permgate_cycle_mode_widget
    fi
  done
}

if [[ -z ${PERMGATE_NO_RPROMPT-} && ${RPROMPT-} != *_permgate_rprompt* ]]; then
  setopt prompt_subst
  RPROMPT=${RPROMPT:+$RPROMPT }'$(_permgate_rprompt)'
fi

fi
