# images.test: runs (with spirv-run-rs, $2) unknown.spv (in the current directory) with a
# float, an unsigned and a signed format under each --spmd mode of $6 (default: every
# mode) and checks each run; appends the checks' lines to unknown.log.
set -e
script=$1 run=$2 float=$3 uint=$4 sint=$5 modes=${6:-off loops always}
python3 "$script" make unknown "$float" "$uint" "$sint"
for m in $modes; do
  "$run" unknown.spv --spmd "$m" --workgroups 1 \
    --image "0:0=floats-$float.bin@$float,8:floats.$m.out" \
    --image "0:1=uints-$uint.bin@$uint,8:uints.$m.out" \
    --image "0:2=sints-$sint.bin@$sint,8:sints.$m.out" \
    --buffer 0:3=values.bin --buffer "0:4=read.bin:read.$m.out"
  python3 "$script" check unknown "$m" "$float" "$uint" "$sint" >> unknown.log
done
