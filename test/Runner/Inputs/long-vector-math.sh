#!/bin/sh
# long-vector-math.sh SCRIPT RUN N shader|kernel|both [specop] [RUN's options]
# (RUN: spirv-run-rs as lit substitutes it):
# writes, assembles, patches and runs long-vector-math.py's modules for N
# components in the current directory, printing each check's line. The
# shader's subgroup operations are checked at the subgroup size the run
# reports (--time's "subgroups of S").
set -e
script=$1 run=$2 n=$3 which=$4
shift 4
specop=
if [ "$1" = specop ]; then specop=specop; shift; fi
python3 "$script" gen "$n" "s$n.spvasm" "k$n.spvasm" $specop
if [ "$which" != kernel ]; then
  spirv-as --target-env vulkan1.1 "s$n.spvasm" -o "s$n-placeholders.spv"
  python3 "$script" patch "s$n-placeholders.spv" "s$n.spv" > /dev/null
  python3 "$script" make "$n"
  "$run" "s$n.spv" --workgroups 1 --time "$@" --buffer 0:0=inf.bin --buffer 0:1=inu.bin \
    --buffer 0:2=outf.bin:outf.bin --buffer 0:3=outu.bin:outu.bin --buffer 0:4=outs.bin:outs.bin \
    --buffer 0:5=outw.bin:outw.bin 2> time.txt
  size=$(sed -n 's/^spirv-run-rs: subgroups of \([0-9]*\).*/\1/p' time.txt)
  printf 'shader '
  python3 "$script" check-shader "$n" "$size"
fi
if [ "$which" != shader ]; then
  spirv-as --target-env spv1.2 "k$n.spvasm" -o "k$n-placeholders.spv"
  python3 "$script" patch "k$n-placeholders.spv" "k$n.spv" > /dev/null
  python3 "$script" make "$n"
  "$run" "k$n.spv" --global 4 "$@" --arg 0=buffer:inf.bin --arg 1=buffer:inu.bin \
    --arg 2=buffer:outf.bin:outf.bin --arg 3=buffer:outu.bin:outu.bin --arg 4=buffer:outs.bin:outs.bin
  printf 'kernel '
  python3 "$script" check-kernel "$n"
fi
