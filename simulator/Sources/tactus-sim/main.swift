// SPDX-License-Identifier: MIT
import TactusSimulatorCommand

TactusSim.main()
