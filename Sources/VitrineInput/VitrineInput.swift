// The libinput backend, the accelerometer, calibration and rotation of input (issue 5).
