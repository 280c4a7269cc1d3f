# A busy loop at about 80% duty (80 ms of work, 20 ms asleep) for 15 minutes: bench/RESULTS.md, "The reference A/B on a busy host".
end=$((SECONDS+900)); while [ $SECONDS -lt $end ]; do timeout 0.08 sh -c 'while :; do :; done'; sleep 0.02; done
