token = "sk-ab" \
  + "cdef"
x = "".join(["a", "b"])
y = f"{'sk'}{'-x'}"
