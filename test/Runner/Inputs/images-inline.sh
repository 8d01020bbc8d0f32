# images-inline.test: for each GLSL format qualifier after the first two
# arguments (images-inline.py, spirv-run-rs), the declared-format shader
# and the unknown-format one, run under every --spmd mode and unchecked on
# the same inputs; their outputs must agree (images-inline.py compare).
set -e
script=$1 run=$2
shift 2
for qualifier in "$@"; do
  vulkan=$(python3 "$script" make "$qualifier")
  for shader in declared unknown; do
    glslangValidator -V "$shader.comp" -o "$shader.spv" > /dev/null
    for mode in off always unchecked; do
      if [ "$mode" = unchecked ]; then flags="--unchecked"; else flags="--spmd $mode"; fi
      # shellcheck disable=SC2086
      "$run" "$shader.spv" $flags --workgroups 2,2 \
        --image "0:0=src.bin@$vulkan,13,3" \
        --image "0:1=dst.bin@$vulkan,13,3:$mode.$shader.dst" \
        --buffer 0:2=values.bin --buffer "0:3=read.bin:$mode.$shader.read" \
        --buffer "0:4=sizes.bin:$mode.$shader.sizes"
    done
  done
  python3 "$script" compare "$qualifier" off always unchecked
done
