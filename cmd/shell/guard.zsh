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
# setopt prompt_subst; a variable: showing it costs no process; it is the mode
# as of the last checked line):
#   RPROMPT='${permgate_shown_mode}'
if [[ -o interactive && ! -o zle ]]; then
  print -ru2 -- "permgate: line editing (zle) is off in this zsh; this shell is not guarded"
elif [[ -o interactive ]]; then

(( ${+_permgate_bin} )) || typeset -gr _permgate_bin=@PERMGATE_BIN@
# This shell's mode, set by Shift+Tab; empty: the mode set with permgate mode
# or the config's.
typeset -g _permgate_mode=${_permgate_mode-}

# permgate_prompt_mode prints the permgate mode in force in this shell
# (default, auto, plan or bypass), as permgate_shown_mode holds it.
permgate_prompt_mode() {
  print -r -- "${permgate_shown_mode-}"
}

# _permgate_show sets permgate_shown_mode from the guard's last output line
# (@permgate-mode MODE). MODE ? means the line may change the mode: the next
# prompt asks permgate, once, after the line has run.
_permgate_show() {
  local report=${1##*$'\n'}
  [[ $report == '@permgate-mode '* ]] || return 0
  report=${report#@permgate-mode }
  if [[ $report == '?' ]]; then
    typeset -g _permgate_stale=1
  else
    typeset -g permgate_shown_mode=$report _permgate_stale=''
  fi
}

# _permgate_refresh runs before each prompt: a process only after a line that
# may have changed the mode.
_permgate_refresh() {
  [[ -n ${_permgate_stale-} ]] || return 0
  typeset -g _permgate_stale=''
  if [[ -n ${_permgate_mode-} ]]; then
    typeset -g permgate_shown_mode=$_permgate_mode
  else
    typeset -g permgate_shown_mode="$(command "$_permgate_bin" mode --short 2>/dev/null)"
  fi
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
    message=$(command "$_permgate_bin" guard --report-mode ${_permgate_mode:+--mode} ${_permgate_mode:+$_permgate_mode} -- "$line" 2>&1)
    guard_status=$?
    (( guard_status > 1 )) || _permgate_show "$message"
    message=${message%@permgate-mode *}
    message=${message%$'\n'}
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
    _permgate_mode=$next permgate_shown_mode=$next _permgate_stale=''
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

# The mode in force when this shell started; Shift+Tab and each checked line
# keep it up to date.
typeset -g permgate_shown_mode=${_permgate_mode:-@PERMGATE_MODE@}
typeset -g _permgate_stale=''
[[ -n $permgate_shown_mode ]] || _permgate_stale=1
autoload -Uz add-zsh-hook
add-zsh-hook precmd _permgate_refresh

if [[ -z ${PERMGATE_NO_RPROMPT-} && ${RPROMPT-} != *permgate_shown_mode* ]]; then
  setopt prompt_subst
  RPROMPT=${RPROMPT:+$RPROMPT }'${permgate_shown_mode:+permgate:$permgate_shown_mode}'
fi

fi
