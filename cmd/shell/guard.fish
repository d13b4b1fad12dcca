# permgate shell guard for fish. In ~/.config/fish/config.fish:
#   permgate init fish | source
# Enter checks the command line with permgate before fish runs it: an allowed
# line runs, a denied one stays for editing, an ask asks on the terminal.
# An abbreviation is first expanded on the line, and checked on the next
# Enter. Shift+Tab cycles this shell's mode (kept in _permgate_mode, persisted
# nowhere: other shells and agents' hooks keep theirs) and keeps the line.
# fish cannot make variables, functions or key bindings read-only: permgate's
# analysis flags commands that touch the guard's names. For the mode in the
# prompt (it costs no process; it is the mode as of the last checked line):
#   function fish_right_prompt; permgate_prompt_mode; end
if status is-interactive

set -g _permgate_bin @PERMGATE_BIN@
# This shell's mode, set by Shift+Tab; empty: the mode set with permgate mode
# or the config's.
set -q _permgate_mode[1]; or set -g _permgate_mode ''

# The mode in force when this shell started; Shift+Tab and each checked line
# keep it up to date.
if test -n "$_permgate_mode"
    set -g permgate_shown_mode $_permgate_mode
else
    set -g permgate_shown_mode @PERMGATE_MODE@
end
set -g _permgate_stale
test -n "$permgate_shown_mode"; or set -g _permgate_stale 1

function permgate_prompt_mode --description 'Print the permgate mode in force in this shell, for a prompt'
    echo $permgate_shown_mode
end

function _permgate_show --description "Set permgate_shown_mode from the guard's last output line"
    # @permgate-mode MODE; MODE ? means the line may change the mode: the next
    # prompt asks permgate, once, after the line has run.
    set -l report (string replace -r -- '^@permgate-mode ' '' $argv[1]); or return 0
    if test "$report" = '?'
        set -g _permgate_stale 1
    else
        set -g permgate_shown_mode $report
        set -g _permgate_stale
    end
end

function _permgate_refresh --on-event fish_prompt --description 'Ask permgate for the mode after a line that may have changed it'
    test -n "$_permgate_stale"; or return 0
    set -g _permgate_stale
    if test -n "$_permgate_mode"
        set -g permgate_shown_mode $_permgate_mode
    else
        set -g permgate_shown_mode (command $_permgate_bin mode --short 2>/dev/null)
    end
end

function _permgate_missing --description 'Say that permgate cannot run, if it cannot'
    command -sq $_permgate_bin; and return 1
    echo
    echo "permgate: cannot run $_permgate_bin: the line was not run" >&2
    commandline -f repaint
end

function _permgate_guard_execute --description 'Run the command line only when permgate allows it'
    set -l line (commandline | string collect)
    if not string match -qr '\S' -- $line
        commandline -f execute
        return
    end
    # execute would expand an abbreviation before running the line: expand it
    # now, on the line, and check the result on the next Enter. (An
    # abbreviation defined with --regex is not seen here.)
    set -l token (commandline -t)
    if test "$line" != "$_permgate_expanded_from"; and test -n "$token"; and abbr -q -- $token
        set -g _permgate_expanded_from $line
        commandline -f expand-abbr repaint
        return
    end
    set -e _permgate_expanded_from
    # An incomplete command runs nothing: execute starts a new line in the
    # buffer, and the whole command is checked once it is complete.
    commandline --is-valid
    if test $status -eq 2
        commandline -f execute
        return
    end
    _permgate_missing; and return
    set -l mode_args
    test -n "$_permgate_mode"; and set mode_args --mode $_permgate_mode
    set -l message (command $_permgate_bin guard --report-mode $mode_args -- $line 2>&1)
    set -l guard_status $status
    if set -q message[1]; and string match -q -- '@permgate-mode *' $message[-1]
        test $guard_status -le 1; and _permgate_show $message[-1]
        set -e message[-1]
    end
    if test $guard_status -eq 0
        if set -q message[1]
            echo
            printf '%s\n' $message >&2
        end
        # A question from permgate moves the cursor: draw the line afresh
        # before running it (on an untouched screen this draws it in place).
        commandline -f repaint execute
        return
    end
    echo
    printf '%s\n' $message >&2
    if test $guard_status -eq 2
        # fish thinks the line complete, bash syntax does not: permgate cannot read it.
        echo "permgate: permgate reads this line as an unfinished bash command: it was not run" >&2
    else if test $guard_status -ne 1
        echo "permgate: the guard failed (exit $guard_status): the line was not run" >&2
    end
    commandline -f repaint
end

function _permgate_cycle_mode --description "Move this shell to the next permgate mode and keep the command line"
    _permgate_missing; and return
    echo
    set -l next (command $_permgate_bin mode --next="$_permgate_mode" 2>/dev/null)
    if test $status -eq 0; and test -n "$next"
        set -g _permgate_mode $next
        set -g permgate_shown_mode $next
        set -g _permgate_stale
        echo "permgate: mode $next (this shell)"
    else
        echo "permgate: cannot change the mode: $_permgate_bin did not answer" >&2
    end
    commandline -f repaint
end

for _permgate_keymap in default insert
    bind -M $_permgate_keymap \r _permgate_guard_execute
    bind -M $_permgate_keymap \n _permgate_guard_execute
    bind -M $_permgate_keymap \e\[Z _permgate_cycle_mode
end
set -e _permgate_keymap

end
