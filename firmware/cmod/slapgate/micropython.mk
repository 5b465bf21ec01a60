# The slap gate (slapgate.c, docs/slap-gate.md), built into the firmware through
# USER_C_MODULES (firmware/image.toml's c_modules; host/topper_host/image_build.py).
SLAPGATE_MOD_DIR := $(USERMOD_DIR)
SRC_USERMOD_C += $(SLAPGATE_MOD_DIR)/slapgate.c
