# sampling.test: runs (with spirv-run-rs, $2) the sampling shaders (in the
# current directory) with the samplers and formats given, each run under the
# next --spmd mode in turn, and checks each with sampling.py ($1); appends
# the checks' lines to sampling.log.
#   sampling.sh SCRIPT RUN 2d FORMAT FILTER,MIPMAP,ADDRESS...
#   sampling.sh SCRIPT RUN kinds DEPTH_FORMAT COMPARE,FILTER...
set -e
script=$1 run=$2 case=$3 fmt=$4
shift 4
python3 "$script" make "$case" "$fmt"
modes=(off loops always)
n=0
for combo in "$@"; do
  mode=${modes[$((n % 3))]}
  n=$((n + 1))
  IFS=, read -r a b c <<< "$combo"
  if [ "$case" = 2d ]; then
    s="filter=$a,mipmap=$b,address=$c,border=float_opaque_white"
    [ "$c" = unnormalized ] && s="filter=$a,mipmap=$b,address=clamp_to_edge,unnormalized=true"
    # The separate sampler: LOD bias and clamps, the other border.
    t="filter=$a,mipmap=$b,address=${c/unnormalized/clamp_to_border},border=float_opaque_black,lod_bias=0.5,min_lod=0.25,max_lod=1.5"
    "$run" 2d.spv --spmd "$mode" --workgroups 4 \
      --image "0:0=tex.bin@$fmt,8,4,levels=3" --sampler "0:0=$s" \
      --image "0:1=tex.bin@$fmt,8,4,levels=3" --sampler "0:2=$t" \
      --buffer "0:3=zero-2d.bin:2d.$mode.out" --buffer 0:4=params-2d.bin
    python3 "$script" check 2d "$fmt" "$mode" "$s" "$t" >> sampling.log
  else
    sh="filter=$b,mipmap=linear,address=clamp_to_border,border=float_opaque_white,compare=$a"
    l="filter=$b,mipmap=linear,address=mirrored_repeat"
    v="filter=$b,mipmap=nearest,address=repeat"
    e="filter=$b,mipmap=linear,address=mirror_clamp_to_edge"
    i="address=clamp_to_border,border=int_opaque_white"
    "$run" kinds.spv --spmd "$mode" --workgroups 4 \
      --image "0:0=shadow.bin@$fmt,8,4,levels=2" --sampler "0:0=$sh" \
      --image 0:1=layered.bin@R16G16B16A16_SFLOAT,4,4,levels=2,layers=3 --sampler "0:1=$l" \
      --image 0:2=volume.bin@R8G8B8A8_UNORM,4,4,4,levels=2 --sampler "0:2=$v" \
      --image 0:3=line.bin@R32G32_SFLOAT,8,levels=3 --sampler "0:3=$e" \
      --image 0:4=ints.bin@R32G32B32A32_SINT,4,4 --sampler "0:4=$i" \
      --buffer "0:5=zero-kinds.bin:kinds.$mode.out" --buffer 0:6=params-kinds.bin
    python3 "$script" check kinds "$fmt" "$mode" "$sh" "$l" "$v" "$e" "$i" >> sampling.log
  fi
done
