#!/bin/sh
# taskwarrior-export.sh FOLDER: makes a Taskwarrior database in FOLDER with
# Debian's `task`, using every attribute todo-remind's import maps, and
# prints `task export` of it. The tests compare the import field by field
# with this export (Tests/EndToEndTests/ImportFromOthersTests.swift).
set -eu
folder=$1
mkdir -p "$folder/data"
cat > "$folder/taskrc" <<RC
data.location=$folder/data
confirmation=off
verbose=nothing
recurrence.confirmation=off
recurrence.limit=2
uda.estimate.type=duration
uda.estimate.label=Estimate
uda.client_ref.type=string
uda.client_ref.label=Client
uda.size.type=numeric
uda.size.label=Size
RC
export TASKRC="$folder/taskrc" TASKDATA="$folder/data"
t() { task rc.hooks=off "$@" >/dev/null 2>&1 || task rc.hooks=off "$@"; }

t add "Pay rent" project:Home priority:H due:2030-01-05 recur:monthly until:2030-12-31 +bills
t add "Water the plants" project:Home due:today-3d recur:daily +garden
t add "Weekly review" priority:L due:2030-01-07T17:30 recur:weekly
t add "Every other week" due:2030-01-02 recur:2wk
t add "Quarterly taxes" due:2030-01-15 recur:quarterly priority:M
t add "Every ten days" due:2030-01-01 recur:10d
t add "Yearly checkup" due:2030-03-01 recur:yearly
t add "Call the plumber" project:Home.Kitchen +phone +urgent due:2030-02-01T09:15 scheduled:2030-01-20 estimate:PT2H client_ref:ACME-42 size:3
t add "Book flights" wait:2030-01-05 due:2030-01-20
t add "Read the manual" scheduled:2030-01-10 wait:2030-01-12
t add "Renew passport" priority:H
uuid() { task rc.hooks=off "description:$1" status.not:recurring _uuids | head -n 1; }
t "$(uuid 'Renew passport')" annotate "Photos from the shop on the corner"
t "$(uuid 'Call the plumber')" annotate "Number is in the fridge"
sleep 1
t "$(uuid 'Call the plumber')" annotate "Second try: call after 9"
t add "Buy paint" project:Home.Kitchen
t add "Paint the kitchen" project:Home.Kitchen "depends:$(uuid 'Buy paint')"
t add "Finished report" project:Work entry:2029-12-01
t add "Thrown away"
t "$(uuid 'Finished report')" done
t "$(uuid 'Thrown away')" delete
# One instance of a series done, one deleted: the series keeps its history.
t "$(task rc.hooks=off 'description:Water the plants' status:pending _uuids | head -n 1)" done
t "$(task rc.hooks=off 'description:Water the plants' status:pending _uuids | head -n 1)" delete
task rc.hooks=off export
