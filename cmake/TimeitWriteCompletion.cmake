# cmake -DTIMEIT=PROGRAM [-DEMULATOR=LIST] -DOUT=FILE -P TimeitWriteCompletion.cmake:
# writes `timeit completion bash` to FILE, through the cross build's emulator
# (qemu-user) where there is one, and fails when timeit does.
execute_process(COMMAND ${EMULATOR} ${TIMEIT} completion bash OUTPUT_FILE "${OUT}.new"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TIMEIT} completion bash: ${rc}")
endif()
file(RENAME "${OUT}.new" "${OUT}")
